"""The one convention every game's command-line tool follows (`python -m game score <game>`, ...).

    tool [--json] [FILE | -]        one JSON object in (FILE, or standard input), a verdict out

* Output: a short report for people; with --json, the whole answer as JSON on standard output.
* Exit status: 0 valid, 1 not valid, 2 bad input.
* Bad input (unreadable, not JSON, unknown or missing keys, impossible pieces): one line
  "error: ..." on standard error and nothing on standard output. Messages about keys list the
  valid ones.
Pieces are read case-insensitively; each tool upper-cases its codes itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Any, Callable, Sequence


class BadInput(Exception):
    """The input cannot be answered; the message says what to change."""


@dataclass(frozen=True)
class Keys:
    required: tuple[str, ...]
    optional: tuple[str, ...] = ()

    @property
    def all(self) -> tuple[str, ...]:
        return self.required + self.optional

    def describe(self) -> str:
        req = ", ".join(self.required)
        opt = ", ".join(self.optional)
        if not req:  # a tool whose keys are all optional (Cuzzins: hand or sets)
            return f"the keys are {opt} (all optional)"
        return f"the keys are {req} (required)" + (f" and {opt} (optional)" if opt else "")

    def check(self, data: Any) -> dict:
        if not isinstance(data, dict):
            raise BadInput(f"the input must be one JSON object; {self.describe()}")
        unknown = [k for k in data if k not in self.all]
        if unknown:
            raise BadInput(f"unknown key(s) {', '.join(map(str, unknown))}; {self.describe()}")
        missing = [k for k in self.required if k not in data]
        if missing:
            raise BadInput(f"missing key(s) {', '.join(missing)}; {self.describe()}")
        return data


# Far above any real request; a bigger input (a wrong file, /dev/zero) is refused, not read into memory.
MAX_INPUT_CHARS = 8 * 1024 * 1024


def read_json(args: Sequence[str], stdin: IO[str]) -> Any:
    files = [a for a in args if a != "-"]
    if len(files) > 1:
        raise BadInput(f"give at most one input file (or none to read standard input), not {len(files)}")
    where = files[0] if files else "standard input"
    try:
        if files:
            with open(files[0], encoding="utf-8") as f:
                text = f.read(MAX_INPUT_CHARS + 1)
        else:
            text = stdin.read(MAX_INPUT_CHARS + 1)
    except OSError as e:
        raise BadInput(f"cannot read {where}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise BadInput(f"cannot read {where}: it is not UTF-8 text") from None
    if len(text) > MAX_INPUT_CHARS:
        raise BadInput(f"{where} is far too large to be a request (over {MAX_INPUT_CHARS // 2**20} MB)")
    if not text.strip():
        raise BadInput(f"{where} is empty: give one JSON object (--help shows its keys)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"the input is not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    except RecursionError:      # the parser gives up on lists nested thousands deep
        raise BadInput("the input is nested too deeply to be a request") from None


def dump(obj: Any, indent: int = 0, width: int = 100) -> str:
    """JSON with small lists and objects kept on one line."""
    flat = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
    if len(flat) + indent <= width or not isinstance(obj, (dict, list)) or not obj:
        return flat
    pad = " " * (indent + 2)
    if isinstance(obj, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {dump(v, indent + 2, width)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dump(v, indent + 2, width) for v in obj]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def run(argv: Sequence[str], stdin: IO[str], stdout: IO[str], stderr: IO[str], *, usage: str, keys: Keys,
        answer: Callable[[dict], tuple[int, dict]], report: Callable[[dict], str]) -> int:
    """Read, check and answer one request by the convention above. `answer` returns (exit status,
    JSON-able answer) or raises BadInput; `report` turns the answer into text for people."""
    argv = list(argv)
    if any(a in ("-h", "--help") for a in argv):
        stdout.write(usage.rstrip() + "\n")
        return 0
    as_json = "--json" in argv
    args = [a for a in argv if a != "--json"]
    flags = [a for a in args if a.startswith("--")]
    try:
        if flags:
            raise BadInput(f"unknown option {flags[0]}; the options are --json and --help")
        status, out = answer(keys.check(read_json(args, stdin)))
    except BadInput as e:
        stderr.write(f"error: {e}\n")
        return 2
    stdout.write((dump(out) if as_json else report(out).rstrip()) + "\n")
    return status
