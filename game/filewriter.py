"""Atomic file writes, and the background writer that keeps them off the frame loop.

`write_text_atomic`: a temp file in the same folder, fsync, the live file's previous copy
kept as `<name>.bak` by hard link (or by copy where links are not supported), then the temp
file renamed over the live one, so a crash at any point leaves a whole live file.

`Writer`: one thread writes queued files in the order they were asked for. A newer request
for a file replaces an older one still waiting (and takes its place at the back of the
queue), so an older snapshot is never written after a newer one (a "fresh" write not yet begun
passes its backup rule to the newer one). A failed write stays at
the head of the queue and is tried again when the next write is asked for, or on `flush()`.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the system allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _keep_backup(path: Path, source: Path | None = None) -> None:
    """`<name>.bak` becomes `source`'s content (by default the live file's); the live file stays in place.
    A `source` (the new text, about to be renamed live) is copied, never linked: live and backup
    as one file could not be told apart again (a rename between two links of one file does nothing)."""
    tmp = path.with_name(f"{path.name}.bak.{os.getpid()}.tmp")
    if os.path.lexists(tmp):
        os.unlink(tmp)
    if source is not None:
        with open(tmp, "wb") as f:
            f.write(source.read_bytes())
            f.flush()
            os.fsync(f.fileno())
    else:
        try:
            os.link(path, tmp)
        except OSError:
            shutil.copyfile(path, tmp)
    os.replace(tmp, backup_path(path))


def write_text_atomic(path: Path, text: str, fresh: bool = False) -> None:
    """`fresh`: the live file's content is not worth keeping as the previous copy (another game's
    save): the backup becomes the new text too, so it never stands in for something it isn't."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if fresh:
            _keep_backup(path, Path(tmp))
        elif path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def write_json_atomic(path: Path, payload: Any) -> None:
    write_text_atomic(Path(path), json.dumps(payload, indent=1, sort_keys=True))


def retire(path: Path) -> None:
    """The live file goes, its last content kept as `<name>.bak`."""
    if path.exists():
        os.replace(path, backup_path(path))
        _fsync_dir(path.parent)


class Writer:
    """Writes files on one background thread, in order; `flush()` waits for them."""

    def __init__(self, on_result: Callable[[Path, Exception | None], None] = lambda p, e: None):
        self.on_result = on_result          # called on the writer thread after every attempt
        self._lock = threading.Lock()
        self._queue: dict[Path, tuple[str, str | None]] = {}     # path -> (op, text), in order
        self._worker: threading.Thread | None = None
        self._writing: tuple[str, str | None] | None = None     # the op the worker is writing now

    def write(self, path: Path, text: str, fresh: bool = False) -> None:
        """`fresh`: see write_text_atomic; it carries over to a newer write replacing this one unwritten."""
        self._submit(Path(path), ("fresh" if fresh else "write", text))

    def retire(self, path: Path) -> None:
        self._submit(Path(path), ("retire", None))

    def pending(self, path: Path) -> tuple[str, str | None] | None:
        with self._lock:
            return self._queue.get(Path(path))

    def flush(self) -> bool:
        """Write everything waiting (trying failed writes once more); True when all is on disk."""
        with self._lock:
            if self._queue and self._worker is None:
                self._start()
            worker = self._worker
        if worker is not None and worker is not threading.current_thread():
            worker.join()
        with self._lock:
            return not self._queue

    # ------------------------------------------------------------------ internals
    def _submit(self, path: Path, op: tuple[str, str | None]) -> None:
        with self._lock:
            waiting = self._queue.pop(path, None)
            # a fresh write replaced before it was begun: the newer one must not keep the old copy either
            if waiting is not None and waiting[0] == "fresh" and op[0] == "write" and waiting is not self._writing:
                op = ("fresh", op[1])
            self._queue[path] = op
            if self._worker is None:
                self._start()

    def _start(self) -> None:       # with the lock held
        self._worker = threading.Thread(target=self._run, name="file-writer", daemon=True)
        self._worker.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._worker = None
                    return
                path, op = next(iter(self._queue.items()))
                self._writing = op
            error: Exception | None = None
            try:
                if op[0] in ("write", "fresh"):
                    write_text_atomic(path, op[1] or "", fresh=op[0] == "fresh")
                else:
                    retire(path)
            except Exception as e:      # reported by on_result; the game goes on
                error = e
            try:
                self.on_result(path, error)     # before the worker is cleared, so flush() sees it
            except Exception:
                pass
            with self._lock:
                self._writing = None
                if error is None and self._queue.get(path) is op:
                    del self._queue[path]
                if error is not None:
                    self._worker = None       # stop here: the next write (or flush) tries again
                    return
