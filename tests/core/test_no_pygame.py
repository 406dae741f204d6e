"""The rules core, the rules and the bots must import without pygame (design.md)."""
import subprocess
import sys


def test_core_rules_and_bots_import_without_pygame():
    code = (
        "import sys, pkgutil, importlib\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'pygame' or name.startswith('pygame.'):\n"
        "            raise ImportError('pygame is not allowed here')\n"
        "sys.meta_path.insert(0, Block())\n"
        "import game.core, game.rules, game.bots\n"
        "for pkg in (game.core, game.rules, game.bots):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "import game.store, game.sim\n"
        "print('ok', len(sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok")
