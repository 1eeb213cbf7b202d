"""How much memory this process holds, and how much more a search may take before the system refuses it.

Linux's ``/proc/self/statm`` gives the process's sizes in one cheap read
(a few microseconds, from a descriptor kept open): the whole address
space (what ``RLIMIT_AS``, the shell's ``ulimit -v``, counts), the
resident pages (what the machine's memory pays for) and the data segment
with the private mappings (what ``RLIMIT_DATA`` counts). Elsewhere the
resident size comes from :func:`resource.getrusage` (its peak, which only
grows: a safe side to err on) and the other two are unknown.
"""

from __future__ import annotations

import contextlib
import os

__all__ = [
    "Sizes",
    "available_memory",
    "default_allowance",
    "process_sizes",
    "soft_limits",
]

#: ``(address space, resident, data)`` in bytes; 0 where the system does not say.
Sizes = tuple[int, int, int]

try:
    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (AttributeError, ValueError, OSError):  # pragma: no cover - every Unix has it
    _PAGE = 4096

#: How much of the memory the machine has available a search takes by default (the rest is for everything else).
AVAILABLE_SHARE = 0.8


#: ``[process id, descriptor]`` of ``/proc/self/statm`` once this process has opened it.
_STATM: list[int] = []


def process_sizes() -> Sizes:
    """This process's address space, resident size and data size, in bytes."""
    try:
        fields = _statm().split()
        return int(fields[0]) * _PAGE, int(fields[1]) * _PAGE, int(fields[5]) * _PAGE
    except (IndexError, ValueError):
        _STATM.clear()  # the descriptor no longer reads that file: open it again next time
        return 0, _peak_resident(), 0
    except OSError:
        return 0, _peak_resident(), 0


def _statm() -> bytes:
    """The text of ``/proc/self/statm``, read again from a descriptor kept open (OSError where there is none).

    Opening the file costs about 20 µs, reading it again from the start 2-3 µs, and every search
    reads it when it starts. The descriptor names the process that opened it, so a forked child
    (a census worker) closes the inherited one as it starts and opens its own. A descriptor that
    fails is dropped, not closed: its number may since name another file of this process.
    """
    pid = os.getpid()
    if not _STATM or _STATM[0] != pid:
        _STATM.clear()  # a child forked past the hook below: the inherited descriptor stays open, unread
        _STATM.extend((pid, os.open("/proc/self/statm", os.O_RDONLY | os.O_CLOEXEC)))
    try:
        return os.pread(_STATM[1], 256, 0)
    except OSError:
        _STATM.clear()
        raise


def _close_inherited() -> None:
    """In a forked child, as it starts: close the parent's descriptor, which reads the parent's sizes."""
    if _STATM:
        fd = _STATM[1]
        _STATM.clear()
        with contextlib.suppress(OSError):  # nothing ran between the fork and this hook: it is still ours
            os.close(fd)


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_inherited)


def _peak_resident() -> int:
    """The process's peak resident size from :func:`resource.getrusage` (kilobytes on Linux, bytes on macOS)."""
    try:
        import resource
        import sys
    except ImportError:  # pragma: no cover - not on Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak) if sys.platform == "darwin" else int(peak) * 1024


def soft_limits() -> tuple[int | None, int | None]:
    """The process's soft ``RLIMIT_AS`` and ``RLIMIT_DATA`` in bytes, each None when it is unlimited or unknown."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return None, None
    out: list[int | None] = []
    for name in ("RLIMIT_AS", "RLIMIT_DATA"):
        which = getattr(resource, name, None)
        if which is None:
            out.append(None)
            continue
        soft = resource.getrlimit(which)[0]
        out.append(None if soft == resource.RLIM_INFINITY or soft < 0 else int(soft))
    return out[0], out[1]


def available_memory() -> int | None:
    """The memory the machine can give without swapping: ``MemAvailable`` of ``/proc/meminfo``, else free pages."""
    try:
        with open("/proc/meminfo", "rb") as handle:
            for line in handle:
                if line.startswith(b"MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, IndexError, ValueError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES")) * _PAGE
    except (AttributeError, ValueError, OSError):
        return None


def default_allowance(share: int = 1) -> int | None:
    """The memory a search may add to this process when no limit is given: None when nothing is known.

    It is the smaller of what ``RLIMIT_AS`` and ``RLIMIT_DATA`` leave above
    the process's present sizes (so the interpreter's own footprint is not
    counted twice) and :data:`AVAILABLE_SHARE` of the machine's available
    memory, divided by ``share`` (the searches running side by side, such as
    ``census --jobs N``'s workers).
    """
    vm, _, data = process_sizes()
    space, data_limit = soft_limits()
    room: list[int] = []
    if space is not None and vm:
        room.append(space - vm)
    if data_limit is not None and data:
        room.append(data_limit - data)
    available = available_memory()
    if available is not None:
        room.append(int(available * AVAILABLE_SHARE))
    if not room:
        return None
    return max(min(room) // max(share, 1), 0)
