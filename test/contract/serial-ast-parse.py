# Schemathesis hooks file (SCHEMATHESIS_HOOKS) for `npm run test:contract`: no hooks, one workaround.
# Hypothesis describes a filtered strategy by parsing its lambda's source with ast.parse; with
# --workers 2 two threads may do that at once, and CPython 3.11 keeps the AST constructor's
# recursion depth per interpreter, not per thread, so one of them fails with "SystemError: AST
# constructor recursion depth mismatch" (python/cpython#106905) and the operation errors. Parsing
# one at a time costs nothing measurable: each source file is parsed once, then cached.
import ast
import threading

_lock = threading.Lock()
_parse = ast.parse


def _serial_parse(*args, **kwargs):
    with _lock:
        return _parse(*args, **kwargs)


ast.parse = _serial_parse
