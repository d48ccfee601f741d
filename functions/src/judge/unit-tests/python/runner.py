# Lectio's trusted unit-test runner for type 9 Python tasks (see ../README.md in the judge).
#
# It holds the author's tests, runs them with unittest and reports one line per test on its own stdout,
# each line starting with the job's nonce. The learner's modules never run here: they live in a separate
# process (agent.py), reached through proxy modules whose attribute access, calls, items, iteration, str
# and the like cross a pipe as data (JSON values) or handles. Nothing the learner's process sends is
# executed or unpickled here; equality of a handle is identity; exceptions come back by name (builtins
# from an allowlist) or as local subclasses for the learner's own exception classes.
#
# Started as `python3 -I -c <this file>` (no work directory on sys.path) with one JSON document on stdin:
# {nonce, agent, modules, check, tests, support, budget}.
import ctypes

# Nobody of our uid (the learner's process) may read our memory, fds or environ, nor ptrace us, from now on.
if ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0) != 0:  # PR_SET_DUMPABLE, 0
    raise SystemExit("lectio runner: cannot make itself non-dumpable")

import json, os, select, signal, sys, time, types

os.closerange(3, 4096)
_job = json.loads(sys.stdin.buffer.read())
os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
_NONCE = _job.pop("nonce")


def _emit(kind, value):
    data = ("%s %s %s\n" % (_NONCE, kind, json.dumps(value))).encode("utf-8")
    while data:
        data = data[os.write(1, data):]


def _check_syntax():
    for name in _job["check"]:
        try:
            with open(os.path.join(os.getcwd(), name), "rb") as f:
                compile(f.read(), name, "exec", 0x400, dont_inherit=True)  # ast.PyCF_ONLY_AST: parse only
        except SyntaxError as e:
            text = (e.text or "").rstrip("\n")
            return "%s:%s:%s: %s: %s\n%s\n" % (e.filename, e.lineno, e.offset, type(e).__name__, e.msg, text)
        except (OSError, ValueError, MemoryError, RecursionError) as e:
            return "%s: %s\n" % (name, e)
    return None


_error = _check_syntax()
if _error is not None:
    _emit("compilation", _error)
    raise SystemExit(0)


class LearnerGone(Exception):
    """The learner's process crashed, exited, broke the protocol or ran out of time."""


class _Agent:
    """The learner's process and the pipe to it; requests may interleave (callbacks)."""

    def __init__(self):
        to_agent, self.inbox = os.pipe()
        self.outbox, from_agent = os.pipe()
        actions = [(os.POSIX_SPAWN_DUP2, to_agent, 0), (os.POSIX_SPAWN_DUP2, from_agent, 1),
                   (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
        argv = [sys.executable, "-I", "-c", _job["agent"], os.getcwd()]
        self.pid = os.posix_spawn(sys.executable, argv, dict(os.environ), file_actions=actions)
        os.close(to_agent)
        os.close(from_agent)
        self.buffer = b""
        self.next_id = 0
        self.dead = None
        self.deadline = time.monotonic() + float(_job["budget"])

    def kill(self, why):
        if self.dead is None:
            self.dead = why
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass

    def send(self, message):
        data = (json.dumps(message) + "\n").encode("utf-8")
        try:
            while data:
                data = data[os.write(self.inbox, data):]
        except OSError:
            self.kill("the learner's program ended")

    def receive(self):
        while b"\n" not in self.buffer:
            left = self.deadline - time.monotonic()
            if left <= 0 or not select.select([self.outbox], [], [], left)[0]:
                self.kill("time limit exceeded")
                raise LearnerGone(self.dead)
            chunk = os.read(self.outbox, 1 << 16)
            if not chunk:
                self.kill("the learner's program ended")
                raise LearnerGone(self.dead)
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict):
            self.kill("the learner's program broke the protocol")
            raise LearnerGone(self.dead)
        return message

    def request(self, op, **fields):
        """Sends one request and serves the learner's requests (callbacks, output) until its answer."""
        if self.dead is not None:
            raise LearnerGone(self.dead)
        self.next_id += 1
        rid = self.next_id
        fields.update(op=op, i=rid)
        self.send(fields)
        while True:
            message = self.receive()
            if message.get("r") == rid:
                if "e" in message:
                    raise _decode_exception(message["e"])
                return message
            if "op" in message:
                _serve(message)
            else:
                self.kill("the learner's program broke the protocol")
                raise LearnerGone(self.dead)


_agent = _Agent()

import builtins, io, math, base64, unittest


class _Capture(io.TextIOBase):
    """The runner's default stdout/stderr: what learner and tests print, kept up to a limit for the report."""

    LIMIT = 16384

    def __init__(self):
        self.parts, self.size = [], 0

    def writable(self):
        return True

    def write(self, s):
        s = str(s)
        if self.size < self.LIMIT:
            self.parts.append(s[: self.LIMIT - self.size])
        self.size += len(s)
        return len(s)

    def text(self):
        return "".join(self.parts) + ("\n[output cut]\n" if self.size > self.LIMIT else "")


_capture = _Capture()
sys.stdout = sys.stderr = _capture

# ---- values crossing the pipe ---------------------------------------------------------------------------

_handles = {}  # learner object id -> Remote (one per object, so identity holds)
_runner_objects = []  # runner objects handed to the learner (callbacks), by index
_runner_ids = {}  # id(runner object) -> index
_learner_classes = {}  # learner exception class id -> local class
_learner_class_ids = {}  # local class -> learner id

_EXCEPTIONS = {
    name: getattr(builtins, name)
    for name in (
        "ArithmeticError AssertionError AttributeError BufferError EOFError Exception FileExistsError "
        "FileNotFoundError FloatingPointError ImportError IndexError IsADirectoryError KeyError LookupError "
        "MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplementedError OSError "
        "OverflowError PermissionError RecursionError RuntimeError StopIteration StopAsyncIteration "
        "SyntaxError IndentationError TabError TimeoutError TypeError UnboundLocalError UnicodeError "
        "UnicodeDecodeError UnicodeEncodeError ValueError ZeroDivisionError SystemExit"
    ).split()
}


def _encode(value):
    """A runner value for the learner: data, a learner handle back, or a runner object it may call."""
    t = type(value)
    if value is None or t in (bool, int, str):
        return value
    if t is float:
        return value if math.isfinite(value) else {"f": repr(value)}
    if t is list:
        return {"l": [_encode(v) for v in value]}
    if t is tuple:
        return {"t": [_encode(v) for v in value]}
    if t is dict:
        return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if t in (set, frozenset):
        return {"s" if t is set else "fs": [_encode(v) for v in value]}
    if t in (bytes, bytearray):
        return {"b": base64.b64encode(value).decode()}
    if t is complex:
        return {"c": [value.real, value.imag]}
    if isinstance(value, Remote):
        return {"h": object.__getattribute__(value, "_id")}
    if isinstance(value, type) and value in _learner_class_ids:
        return {"h": _learner_class_ids[value]}
    index = _runner_ids.get(id(value))
    if index is None:
        index = _runner_ids[id(value)] = len(_runner_objects)
        _runner_objects.append(value)
    return {"r": index}


def _decode(value):
    """Learner data as genuine builtins; handles as Remote objects. Never executes anything it receives."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if type(value) is list or len(value) < 1:
        raise LearnerGone("the learner's program broke the protocol")
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
        return float(str(value["f"]))
    if "b" in value:
        return base64.b64decode(str(value["b"]))
    if "c" in value:
        return complex(float(value["c"][0]), float(value["c"][1]))
    if "x" in value:
        return _learner_exception_class(value)
    if "bx" in value:
        return _EXCEPTIONS.get(str(value["bx"]), Exception)
    if "r" in value:
        return _runner_objects[int(value["r"])]
    if "h" in value:
        hid = int(value["h"])
        if hid in _learner_classes:
            return _learner_classes[hid]
        remote = _handles.get(hid)
        if remote is None:
            kind = {"c": RemoteClass, "f": RemoteCallable}.get(value.get("k"), Remote)
            remote = _handles[hid] = kind(hid, str(value.get("n", "object")))
        return remote
    raise LearnerGone("the learner's program broke the protocol")


class _LearnerException(Exception):
    """Base of the local stand-ins for the learner's exception classes."""

    def __str__(self):
        return getattr(self, "_lectio_message", None) or super().__str__()


def _learner_exception_class(value):
    hid = int(value["x"])
    cls = _learner_classes.get(hid)
    if cls is None:
        bases = tuple(_decode(b) for b in value.get("xb", []))
        bases = tuple(b for b in bases if isinstance(b, type) and issubclass(b, BaseException))
        if not any(issubclass(b, _LearnerException) for b in bases):
            bases = (_LearnerException,) + tuple(b for b in bases if b not in (Exception, BaseException))
        try:
            cls = type(str(value.get("xn", "LearnerError")), bases, {"__module__": str(value.get("xm", "learner"))})
        except TypeError:  # e.g. bases with conflicting layouts
            cls = type(str(value.get("xn", "LearnerError")), (_LearnerException,), {})
        _learner_classes[hid] = cls
        _learner_class_ids[cls] = hid
    return cls


def _decode_exception(value):
    if not isinstance(value, dict):
        return LearnerGone("the learner's program broke the protocol")
    message = str(value.get("m", ""))
    args = _decode(value.get("a", {"t": []}))
    args = args if isinstance(args, tuple) else (message,)
    if "x" in value:
        cls = _decode(value["x"])
    else:
        cls = _EXCEPTIONS.get(value.get("t"), RuntimeError)
        if value.get("t") not in _EXCEPTIONS:
            args = ("%s: %s" % (value.get("t"), message),)
    try:
        error = cls(*args)
    except Exception:
        error = cls(message)
    if isinstance(error, _LearnerException):
        error._lectio_message = message
    return error


# ---- the learner's objects seen from here ---------------------------------------------------------------

_REMOTE_DUNDERS = {"__name__", "__qualname__", "__doc__", "__module__", "__annotations__", "__defaults__", "__dict__"}


def _value(op, **fields):
    return _decode(_agent.request(op, **fields).get("v"))


class Remote:
    """A learner object: everything but identity is asked of the learner's process."""

    __slots__ = ("_id", "_name", "__weakref__")

    def __init__(self, hid, name):
        object.__setattr__(self, "_id", hid)
        object.__setattr__(self, "_name", name)

    def _ref(self):
        return {"h": object.__getattribute__(self, "_id")}

    def __getattr__(self, name):
        if name.startswith("__") and name not in _REMOTE_DUNDERS:
            raise AttributeError(name)
        return _value("getattr", t=self._ref(), n=name)

    def __setattr__(self, name, value):
        _value("setattr", t=self._ref(), n=name, v=_encode(value))

    def __delattr__(self, name):
        _value("delattr", t=self._ref(), n=name)

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __hash__(self):
        return hash(("lectio-handle", object.__getattribute__(self, "_id")))

    def __repr__(self):
        return _value("builtin", t=self._ref(), n="repr")

    def __str__(self):
        return _value("builtin", t=self._ref(), n="str")

    def __bool__(self):
        return _value("builtin", t=self._ref(), n="bool") is True

    def __len__(self):
        return _value("builtin", t=self._ref(), n="len")

    def __int__(self):
        return _value("builtin", t=self._ref(), n="int")

    def __index__(self):
        return _value("builtin", t=self._ref(), n="index")

    def __float__(self):
        return _value("builtin", t=self._ref(), n="float")

    def __iter__(self):
        return _value("builtin", t=self._ref(), n="iter")

    def __next__(self):
        return _value("builtin", t=self._ref(), n="next")

    def __contains__(self, item):
        return _value("operator", t=self._ref(), n="contains", a=_encode(item)) is True

    def __getitem__(self, key):
        return _value("operator", t=self._ref(), n="getitem", a=_encode(key))

    def __setitem__(self, key, value):
        _value("operator", t=self._ref(), n="setitem", a=_encode(key), b=_encode(value))

    def __delitem__(self, key):
        _value("operator", t=self._ref(), n="delitem", a=_encode(key))

    def __lt__(self, other):
        return _value("operator", t=self._ref(), n="lt", a=_encode(other))

    def __le__(self, other):
        return _value("operator", t=self._ref(), n="le", a=_encode(other))

    def __gt__(self, other):
        return _value("operator", t=self._ref(), n="gt", a=_encode(other))

    def __ge__(self, other):
        return _value("operator", t=self._ref(), n="ge", a=_encode(other))


class RemoteCallable(Remote):
    __slots__ = ()

    def __call__(self, *args, **kwargs):
        encoded = [_encode(a) for a in args]
        reply = _agent.request("call", t=self._ref(), a=encoded, k=[[k, _encode(v)] for k, v in kwargs.items()])
        _write_back(args, reply.get("w"))
        return _decode(reply.get("v"))


class RemoteClass(RemoteCallable):
    __slots__ = ()

    def __instancecheck__(self, obj):
        return _value("isinstance", t=self._ref(), a=_encode(obj)) is True

    def __subclasscheck__(self, cls):
        return _value("issubclass", t=self._ref(), a=_encode(cls)) is True


def _write_back(args, updates):
    """A list, dict or set argument changed by the learner's function changes here too (copy-restore)."""
    for index, value in updates or []:
        original, new = args[int(index)], _decode(value)
        if type(original) is list and type(new) is list:
            original[:] = new
        elif type(original) is dict and type(new) is dict:
            original.clear()
            original.update(new)
        elif type(original) is set and type(new) is set:
            original.clear()
            original.update(new)


class LearnerModule(types.ModuleType):
    """A learner's module: its attributes live in the learner's process (patching sets them there)."""

    def __getattr__(self, name):
        if name.startswith("__") and name not in _REMOTE_DUNDERS and name != "__all__":
            raise AttributeError(name)
        return _value("getattr", t={"m": self.__name__}, n=name)

    def __setattr__(self, name, value):
        if name.startswith("__"):
            return super().__setattr__(name, value)
        _value("setattr", t={"m": self.__name__}, n=name, v=_encode(value))

    def __delattr__(self, name):
        _value("delattr", t={"m": self.__name__}, n=name)


# ---- what the learner's process may ask of us -----------------------------------------------------------

_STDIN_READS = {"read", "readline", "readlines"}


def _serve(message):
    rid = message.get("i")
    op = message.get("op")
    try:
        if op == "write":  # sys.stdout / sys.stderr writes: no answer
            (sys.stderr if message.get("err") else sys.stdout).write(str(message.get("s", "")))
            return
        if op == "print":
            args = _decode(message.get("a", {"l": []}))
            stream = sys.stderr if message.get("err") else None
            builtins.print(*args, sep=str(message.get("sep", " ")), end=str(message.get("end", "\n")), file=stream)
            value = None
        elif op == "input":
            prompt = message.get("p")
            value = builtins.input() if prompt is None else builtins.input(str(prompt))
        elif op == "stdin" and message.get("f") in _STDIN_READS:
            size = message.get("n")
            read = getattr(sys.stdin, message["f"])
            value = read() if size is None else read(int(size))
        elif op == "call":
            target = _runner_objects[int(message["t"])]
            args = [_decode(a) for a in message.get("a", [])]
            kwargs = {str(k): _decode(v) for k, v in message.get("k", [])}
            value = target(*args, **kwargs)
        elif op == "getattr":  # attributes of mocks only, and never private ones
            target = _runner_objects[int(message["t"])]
            name = str(message.get("n"))
            mock = sys.modules.get("unittest.mock")  # imported by the tests that use mocks (it is slow to load)
            if name.startswith("_") or mock is None or not isinstance(target, mock.NonCallableMock):
                raise AttributeError("%s: not available to the learner's code" % name)
            value = getattr(target, name)
        else:
            raise LearnerGone("the learner's program broke the protocol")
        reply = {"r": rid, "v": _encode(value)}
    except LearnerGone:
        raise
    except BaseException as error:  # the runner's own answer to a callback: passed on as data
        reply = {"r": rid, "e": {"t": type(error).__name__, "m": str(error)}}
    _agent.send(reply)


# ---- tests ----------------------------------------------------------------------------------------------


def _load(name, source, test):
    module = types.ModuleType(name)
    module.__file__ = name + ".py"
    sys.modules[name] = module
    try:
        exec(compile(source, name + ".py", "exec", dont_inherit=True), module.__dict__)
    except BaseException as error:
        if not test:
            raise

        def failed_import(error=error):
            raise error

        return unittest.FunctionTestCase(failed_import, description=name)
    return unittest.defaultTestLoader.loadTestsFromModule(module) if test else None


class _Report(unittest.TestResult):
    """One line per test on the results channel: a test passes only when none of its parts failed."""

    def startTest(self, test):
        super().startTest(test)
        self.problem = None

    def _failed(self, test, err):
        if self.problem is None:
            kind, error = err[0], err[1]
            text = "".join(__import__("traceback").format_exception_only(kind, error)).strip()
            self.problem = text or kind.__name__

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._failed(test, err)

    def addError(self, test, err):
        super().addError(test, err)
        self._failed(test, err)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self._failed(test, err)

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.problem = "unexpected success"

    def stopTest(self, test):
        super().stopTest(test)
        if self.problem is None and _agent.dead is not None:
            self.problem = "LearnerGone: " + _agent.dead
        _emit("test", {"name": test.shortDescription() or test.id(), "passed": self.problem is None, "message": self.problem or ""})


def _stdlib_names():
    """The standard library's top-level module names (sys.stdlib_module_names from Python 3.10 on)."""
    names = getattr(sys, "stdlib_module_names", None)
    if names is not None:
        return names
    import pkgutil, sysconfig  # Python 3.9 (the AWS runner image): what the stdlib directory holds

    stdlib = sysconfig.get_paths()["stdlib"]
    found = set(sys.builtin_module_names)
    for place in (stdlib, os.path.join(stdlib, "lib-dynload")):
        found.update(m.name for m in pkgutil.iter_modules([place]))
    return found


def _main():
    stdlib = _stdlib_names()
    for name in _job["modules"]:
        if name not in sys.modules and name not in stdlib:
            sys.modules[name] = LearnerModule(name)
    for name, source in _job["support"]:
        _load(name, source, test=False)
    suite = unittest.TestSuite()
    for name, source in _job["tests"]:
        # a test module that failed to import is one failing test, not a suite
        suite.addTest(_load(name, source, test=True))
    _job["tests"] = None
    _emit("plan", {"total": suite.countTestCases()})
    suite.run(_Report())
    _agent.kill("finished")


try:
    _main()
except BaseException as error:
    _emit("error", {"message": "%s: %s" % (type(error).__name__, error)})
_emit("output", {"text": _capture.text()})
_emit("done", {})
sys.stdout.flush()
os._exit(0)
