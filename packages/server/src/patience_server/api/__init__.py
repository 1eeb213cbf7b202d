"""The HTTP side: the routers of each resource (:mod:`.routes`), their dependencies (:mod:`.deps`)."""
