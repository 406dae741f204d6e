"""Atomic file writes, and the background writer that keeps them off the frame loop.

`write_text_atomic`: a temp file in the same folder, fsync, the live file's previous copy
kept as `<name>.bak` by hard link (or by copy where links are not supported), then the temp
file renamed over the live one, so a crash at any point leaves a whole live file.

`Writer`: one thread writes queued files in the order they were asked for. A newer request
for a file replaces an older one still waiting (and takes its place at the back of the
queue), so an older snapshot is never written after a newer one. A failed write stays at
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


def _keep_backup(path: Path) -> None:
    """`<name>.bak` becomes the live file's current content; the live file stays in place."""
    tmp = path.with_name(f"{path.name}.bak.{os.getpid()}.tmp")
    if os.path.lexists(tmp):
        os.unlink(tmp)
    try:
        os.link(path, tmp)
    except OSError:
        shutil.copyfile(path, tmp)
    os.replace(tmp, backup_path(path))


def write_text_atomic(path: Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if path.exists():
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

    def write(self, path: Path, text: str) -> None:
        self._submit(Path(path), ("write", text))

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
            self._queue.pop(path, None)
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
            error: Exception | None = None
            try:
                if op[0] == "write":
                    write_text_atomic(path, op[1] or "")
                else:
                    retire(path)
            except Exception as e:      # reported by on_result; the game goes on
                error = e
            try:
                self.on_result(path, error)     # before the worker is cleared, so flush() sees it
            except Exception:
                pass
            with self._lock:
                if error is None and self._queue.get(path) is op:
                    del self._queue[path]
                if error is not None:
                    self._worker = None       # stop here: the next write (or flush) tries again
                    return
