/**
 * The trusted SQL driver of type 10 tasks: a small Python program run as `python3 -I -S -c SQL_DRIVER <mode>`
 * inside the job's sandbox (never written to the work directory). Python's `sqlite3` module has none of the
 * sqlite3 shell's extensions (no `fsdir`, `readfile`, `writefile`, `edit`, no dot-commands), and the
 * driver's authoriser denies what is left that could reach a file or load code: ATTACH/DETACH (so also
 * `VACUUM INTO`), `load_extension` and every pragma outside a read-only list; extension loading stays off
 * and the attached-database limit is 0. Every database is a fresh in-memory one (temporary tables too).
 *
 * - `batch`: stdin is one JSON object `{ runs: [{ setup: string[], script: string, seconds? }] }`; each
 *   run gets a fresh database, the setup scripts (create tables, one dataset) run as a whole, then the
 *   script runs statement by statement (an error does not stop the following statements, as in the shell;
 *   running past `seconds` of real time stops the script with a time-limit error). stdout is
 *   one JSON object `{ runs: [{ setupError?, sets: [{ columns, rows, count } | { error, line }] }] }`:
 *   every statement that answers columns gives a set (an empty result too), values rendered as the shell
 *   renders them in list mode (NULL as '', REAL as `%!.15g`), at most MAX_ROWS rows kept (`count` is all).
 * - `run`: the first stdin line is `{ setup: string[], script: string }`; the script's results are printed
 *   with headers in columns (as `sqlite3 -header -column`), then a `sqlite> ` prompt reads statements until
 *   the end of input (the player ends a run at that prompt).
 */

export const SQL_DRIVER_MAX_ROWS = 10_000;

export const SQL_DRIVER = String.raw`import json, sqlite3, sys, time

MAX_ROWS = ${SQL_DRIVER_MAX_ROWS}
READ_ONLY_PRAGMAS = {
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
    "foreign_key_list", "foreign_key_check", "collation_list", "integrity_check", "quick_check",
    "foreign_keys", "defer_foreign_keys", "recursive_triggers", "case_sensitive_like",
}
DENIED_FUNCTIONS = {"load_extension", "readfile", "writefile", "edit", "fsdir", "zipfile", "sqlar_compress", "sqlar_uncompress"}

# SQLite's action codes (older Pythons, such as the AWS runner image's 3.9, lack some of the names)
ATTACH, DETACH, PRAGMA, CREATE_VTABLE, DROP_VTABLE, FUNCTION = 24, 25, 19, 29, 30, 31

def authorize(action, arg1, arg2, db_name, trigger):
    if action in (ATTACH, DETACH):
        return sqlite3.SQLITE_DENY
    if action == PRAGMA and (arg1 or "").lower() not in READ_ONLY_PRAGMAS:
        return sqlite3.SQLITE_DENY
    if action in (FUNCTION, CREATE_VTABLE, DROP_VTABLE) and (arg2 or "").lower() in DENIED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK

def connect():
    db = sqlite3.connect(":memory:", isolation_level=None)
    db.execute("PRAGMA temp_store = MEMORY")
    if hasattr(db, "setlimit"):
        db.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    db.set_authorizer(authorize)
    return db

def render(value):
    if value is None:
        return ""
    if isinstance(value, float):
        if value != value:
            return ""
        if value in (float("inf"), float("-inf")):
            return "Inf" if value > 0 else "-Inf"
        text = "%.15g" % value
        if text == "-0":
            text = "0"
        mantissa, e, exponent = text.partition("e")
        if "." not in mantissa:
            mantissa += ".0"
        return mantissa + e + exponent
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)

def statements(script):
    """(first line, text) of every complete statement; what follows the last ';' is one more."""
    start, line = 0, 1
    def located(text):
        return line + text[:len(text) - len(text.lstrip())].count("\n"), text
    for i, c in enumerate(script):
        if c == ";" and sqlite3.complete_statement(script[start:i + 1]):
            yield located(script[start:i + 1])
            line += script.count("\n", start, i + 1)
            start = i + 1
    if script[start:].strip():
        yield located(script[start:])

def run_script(db, script, seconds=None):
    sets = []
    deadline = time.monotonic() + seconds if seconds else None
    if deadline:
        db.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 10000)
    for line, text in statements(script):
        try:
            cursor = db.execute(text)
            if cursor.description is None:
                continue
            rows, count = [], 0
            for row in cursor:
                count += 1
                if count <= MAX_ROWS:
                    rows.append([render(v) for v in row])
            sets.append({"columns": [d[0] for d in cursor.description], "rows": rows, "count": count})
        except sqlite3.Error as error:
            if deadline and time.monotonic() > deadline:
                sets.append({"error": "time limit exceeded (%g s)" % seconds, "line": line})
                break
            sets.append({"error": str(error), "line": line})
    return sets

def prepared(setup):
    db = connect()
    for script in setup:
        db.executescript(script)
    return db

def batch():
    job = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    out = []
    for run in job["runs"]:
        try:
            db = prepared(run["setup"])
        except sqlite3.Error as error:
            out.append({"setupError": str(error), "sets": []})
            continue
        out.append({"sets": run_script(db, run["script"], run.get("seconds"))})
        db.close()
    sys.stdout.write(json.dumps({"runs": out}))

def show(sets):
    for s in sets:
        if "error" in s:
            print("Error: near line %d: %s" % (s["line"], s["error"]))
            continue
        if not s["rows"]:
            continue
        widths = [len(c) for c in s["columns"]]
        for row in s["rows"]:
            widths = [max(w, len(v)) for w, v in zip(widths, row)]
        print("  ".join(c.ljust(w) for c, w in zip(s["columns"], widths)))
        print("  ".join("-" * w for w in widths))
        for row in s["rows"]:
            print("  ".join(v.ljust(w) for v, w in zip(row, widths)))

def interactive():
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    sys.stdout.reconfigure(encoding="utf-8", errors="replace")
    job = json.loads(sys.stdin.readline())
    try:
        db = prepared(job["setup"])
    except sqlite3.Error as error:
        print("Error: the dataset could not be loaded: %s" % error)
        db = connect()
    show(run_script(db, job["script"]))
    pending = ""
    while True:
        sys.stdout.write("   ...> " if pending else "sqlite> ")
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            break
        if not pending and line.strip() in (".quit", ".exit"):
            break
        if not pending and line.startswith("."):
            print("Error: dot-commands are not available here: write SQL statements")
            continue
        pending += line
        if sqlite3.complete_statement(pending):
            show(run_script(db, pending))
            pending = ""
    print()

if __name__ == "__main__":
    batch() if sys.argv[1:] == ["batch"] else interactive()
`;
