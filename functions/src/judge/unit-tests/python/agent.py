# The learner's side of a type 9 Python evaluation (see runner.py): imports the learner's modules and
# answers the runner's requests (attributes, calls, items, iteration, str/repr …) with data or handles.
# Nothing here is trusted: the runner treats every answer as data. The learner's print(), input(),
# sys.stdout/stderr and sys.stdin go to the runner's current ones; callables the runner passes in call back.
import base64, builtins, importlib, json, math, operator, os, sys, threading

sys.path.insert(0, sys.argv[1])
sys.dont_write_bytecode = True
_inbox = os.fdopen(os.dup(0), "rb")
_outbox = os.dup(1)
_null = os.open(os.devnull, os.O_RDWR)
os.dup2(_null, 0)
os.dup2(_null, 1)
_lock = threading.Lock()
_objects = []
_ids = {}
_next_id = [0]
_print = builtins.print


def _send(message):
    data = (json.dumps(message) + "\n").encode("utf-8", "surrogatepass")
    with _lock:
        while data:
            data = data[os.write(_outbox, data):]


class _RunnerObject:
    """A runner object handed to the learner's code (a callback or mock): it may be called."""

    def __init__(self, index):
        self._index = index

    def __call__(self, *args, **kwargs):
        return _request("call", t=self._index, a=[_encode(a) for a in args], k=[[k, _encode(v)] for k, v in kwargs.items()])

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return _request("getattr", t=self._index, n=name)

    def __repr__(self):
        return "<test object>"


def _handle(value):
    key = id(value)
    index = _ids.get(key)
    if index is None:
        index = _ids[key] = len(_objects)
        _objects.append(value)
    return index


def _encode(value):
    t = type(value)
    if value is None or t is bool:
        return value
    if isinstance(value, int):
        return int.__index__(value)
    if isinstance(value, float):
        f = float.__float__(value)
        return f if math.isfinite(f) else {"f": repr(f)}
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, (bytes, bytearray)):
        return {"b": base64.b64encode(bytes(value)).decode()}
    if isinstance(value, complex):
        return {"c": [value.real, value.imag]}
    if isinstance(value, list):
        return {"l": [_encode(v) for v in list.__iter__(value)]}
    if isinstance(value, tuple):
        return {"t": [_encode(v) for v in tuple.__iter__(value)]}
    if isinstance(value, dict):
        return {"d": [[_encode(k), _encode(v)] for k, v in dict.items(value)]}
    if isinstance(value, (set, frozenset)):
        return {"fs" if isinstance(value, frozenset) else "s": [_encode(v) for v in value]}
    if isinstance(value, _RunnerObject):
        return {"r": value._index}
    if isinstance(value, type) and issubclass(value, BaseException):
        if value.__module__ == "builtins":
            return {"bx": value.__name__}
        return {"x": _handle(value), "xn": value.__name__, "xm": value.__module__, "xb": [_encode(b) for b in value.__bases__]}
    kind = "c" if isinstance(value, type) else "f" if callable(value) else "o"
    return {"h": _handle(value), "k": kind, "n": type(value).__name__}


def _decode(value):
    if value is None or type(value) in (bool, int, float, str):
        return value
    if "l" in value:
        return [_decode(v) for v in value["l"]]
    if "t" in value:
        return tuple(_decode(v) for v in value["t"])
    if "d" in value:
        return {_decode(k): _decode(v) for k, v in value["d"]}
    if "s" in value:
        return {_decode(v) for v in value["s"]}
    if "fs" in value:
        return frozenset(_decode(v) for v in value["fs"])
    if "f" in value:
        return float(value["f"])
    if "b" in value:
        return base64.b64decode(value["b"])
    if "c" in value:
        return complex(*value["c"])
    if "h" in value:
        return _objects[value["h"]]
    if "r" in value:
        return _RunnerObject(value["r"])
    raise ValueError("unknown value")


def _encode_error(error):
    cls = type(error)
    out = {"m": _safe(str, error)}
    if cls.__module__ == "builtins":
        out["t"] = cls.__name__
    else:
        out["x"] = _encode(cls)
    try:
        out["a"] = _encode(tuple(error.args))
    except BaseException:
        out["a"] = {"t": [out["m"]]}
    return out


def _safe(f, value):
    try:
        return f(value)
    except BaseException:
        return "?"


def _target(ref):
    return importlib.import_module(ref["m"]) if "m" in ref else _objects[ref["h"]]


def _public_names(module):
    return [n for n in dir(module) if not n.startswith("_")]


_BUILTINS = {"repr": repr, "str": str, "bool": bool, "len": len, "int": int, "index": operator.index, "float": float, "iter": iter, "next": next}
_OPERATORS = {"contains": operator.contains, "getitem": operator.getitem, "delitem": operator.delitem, "setitem": operator.setitem,
              "lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge}


def _answer(message):
    op = message["op"]
    if op == "call":
        args = [_decode(a) for a in message.get("a", [])]
        kwargs = {k: _decode(v) for k, v in message.get("k", [])}
        value = _target(message["t"])(*args, **kwargs)
        changed = [[i, _encode(a)] for i, a in enumerate(args) if type(a) in (list, dict, set)]
        return {"v": _encode(value), "w": changed}
    target = _target(message["t"])
    if op == "getattr":
        name = message["n"]
        if name == "__all__" and "m" in message["t"] and not hasattr(target, "__all__"):
            return {"v": _encode(_public_names(target))}
        value = getattr(target, name)
    elif op == "setattr":
        value = setattr(target, message["n"], _decode(message["v"]))
    elif op == "delattr":
        value = delattr(target, message["n"])
    elif op == "builtin":
        value = _BUILTINS[message["n"]](target)
    elif op == "operator":
        extra = [_decode(message["a"])] + ([_decode(message["b"])] if "b" in message else [])
        value = _OPERATORS[message["n"]](target, *extra)
    elif op == "isinstance":
        value = isinstance(_decode(message["a"]), target)
    elif op == "issubclass":
        value = issubclass(_decode(message["a"]), target)
    else:
        raise ValueError("unknown request")
    return {"v": _encode(value)}


def _serve(message):
    try:
        reply = _answer(message)
    except BaseException as error:
        reply = {"e": _encode_error(error)}
    reply["r"] = message["i"]
    try:
        _send(reply)
    except BaseException as error:  # an answer that cannot be encoded (e.g. a list that contains itself)
        _send({"r": message["i"], "e": _encode_error(error)})


def _receive():
    line = _inbox.readline()
    if not line:
        os._exit(0)
    return json.loads(line)


def _request(op, **fields):
    """Asks the runner (print, input, a callback) and answers its requests until the reply comes."""
    _next_id[0] += 1
    rid = "a%d" % _next_id[0]
    fields.update(op=op, i=rid)
    _send(fields)
    while True:
        message = _receive()
        if message.get("r") == rid:
            if "e" in message:
                error = message["e"]
                cls = getattr(builtins, str(error.get("t")), None)
                if not (isinstance(cls, type) and issubclass(cls, BaseException)):
                    cls = RuntimeError
                raise cls(error.get("m", ""))
            return _decode(message.get("v"))
        _serve(message)


class _Stream:
    """sys.stdout / sys.stderr of the learner's code: text goes to the runner's current stream."""

    encoding = "utf-8"
    errors = "strict"

    def __init__(self, err):
        self._err = err

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not %s" % type(s).__name__)
        if s:
            _send({"op": "write", "s": s, "err": self._err})
        return len(s)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        pass

    def isatty(self):
        return False

    def writable(self):
        return True


class _Stdin:
    """sys.stdin of the learner's code: reads from the runner's current sys.stdin."""

    encoding = "utf-8"

    def read(self, size=None):
        return _request("stdin", f="read", n=size if size is not None and size >= 0 else None)

    def readline(self, size=None):
        return _request("stdin", f="readline", n=size if size is not None and size >= 0 else None)

    def readlines(self, hint=None):
        return _request("stdin", f="readlines")

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def isatty(self):
        return False


_stdout, _stderr = _Stream(False), _Stream(True)


def _learner_print(*args, sep=" ", end="\n", file=None, flush=False):
    stream = sys.stdout if file is None else file
    if stream is _stdout or stream is _stderr:
        _request("print", a=_encode(list(args)), sep=" " if sep is None else sep, end="\n" if end is None else end, err=stream is _stderr)
    else:
        _print(*args, sep=sep, end=end, file=file, flush=flush)


def _learner_input(prompt=None):
    return _request("input", p=None if prompt is None else str(prompt))


sys.stdout, sys.stderr, sys.stdin = _stdout, _stderr, _Stdin()
builtins.print, builtins.input = _learner_print, _learner_input

while True:
    _serve(_receive())
