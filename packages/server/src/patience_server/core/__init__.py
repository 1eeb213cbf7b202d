"""The service's foundations, which know nothing of HTTP: settings, the database, tokens and rate limits."""
