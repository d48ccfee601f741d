import java.io.*;
import java.lang.reflect.*;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.security.*;
import java.security.cert.Certificate;
import java.util.*;
import java.util.PropertyPermission;

/**
 * JUnit-style assertions and the trusted test runner of Lectio's type 9 Java tasks (same API as the old
 * template's LectioTests, which a task may still store: this one is used instead).
 *
 * The runner gets the job's nonce, the learner's file names, the tests' sources and the test class names
 * on stdin (the tests are never in the work directory), compiles them (LectioBuild) and defines the tests'
 * classes from memory in its own class loader with all permissions. The
 * learner's classes (learner/) are defined by another loader, whose parent is the platform loader (they
 * cannot see the runner), with a protection domain that may only read and write files in the work
 * directory and /tmp and read system properties; package-private and protected members are made public
 * when they are loaded, so tests in the default package can still call them across the two loaders. A
 * security manager then denies the learner's frames reflection into other loaders' classes, setAccessible,
 * setIO, exit, FileDescriptor access, class loaders, stack walking with classes, threads of the runner,
 * processes, native code and the network. Results go to the original stdout, held in a private field, as
 * one nonce-tagged line per test; System.out/err of the tests and the learner's code are a capture.
 */
public class LectioTests {
    public static void assertTrue(boolean c, String m) { if (!c) throw new AssertionError(m); }
    public static void assertTrue(boolean c) { assertTrue(c, "expected true"); }
    public static void assertFalse(boolean c, String m) { assertTrue(!c, m); }
    public static void assertFalse(boolean c) { assertTrue(!c, "expected false"); }
    public static void assertNull(Object a) { if (a != null) throw new AssertionError("expected null"); }
    public static void assertNotNull(Object a) { if (a == null) throw new AssertionError("expected not null"); }
    /** Symmetric: an object of the learner's whose equals always answers true does not pass. */
    public static void assertEquals(Object e, Object a) {
        if (!(e == null ? a == null : a != null && e.equals(a) && a.equals(e))) throw new AssertionError("expected <" + e + "> but was <" + a + ">");
    }
    public static void assertEquals(String m, Object e, Object a) {
        if (!(e == null ? a == null : a != null && e.equals(a) && a.equals(e))) throw new AssertionError(m + ": expected <" + e + "> but was <" + a + ">");
    }
    public static void assertEquals(long e, long a) { if (e != a) throw new AssertionError("expected <" + e + "> but was <" + a + ">"); }
    public static void assertEquals(double e, double a, double d) {
        if (!(Math.abs(e - a) <= d)) throw new AssertionError("expected <" + e + "> but was <" + a + ">");
    }
    public static void assertArrayEquals(int[] e, int[] a) {
        if (!Arrays.equals(e, a)) throw new AssertionError("expected " + Arrays.toString(e) + " but was " + Arrays.toString(a));
    }
    public static void assertArrayEquals(Object[] e, Object[] a) {
        if (!Arrays.deepEquals(e, a) || !Arrays.deepEquals(a, e)) throw new AssertionError("expected " + Arrays.deepToString(e) + " but was " + Arrays.deepToString(a));
    }
    public static void fail(String m) { throw new AssertionError(m); }

    private static boolean started;
    private static PrintStream results;
    private static String nonce;
    private static Thread runner;

    public static void main(String[] args) throws Exception {
        synchronized (LectioTests.class) {
            if (started) throw new IllegalStateException("the runner runs once");
            started = true;
        }
        runner = Thread.currentThread();
        results = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        nonce = in.readLine();
        List<String> learnerSources = new ArrayList<>();
        Map<String, String> testSources = new LinkedHashMap<>();
        List<String> testClasses = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            String[] part = line.split(" ", 3);
            if (part[0].equals("learner")) learnerSources.add(part[1]);
            else if (part[0].equals("source")) testSources.put(part[1], new String(Base64.getDecoder().decode(part[2]), StandardCharsets.UTF_8));
            else if (part[0].equals("test")) testClasses.add(part[1]);
        }
        // compiled here, before any learner code runs: the tests' classes never leave this JVM's memory
        StringWriter errors = new StringWriter();
        Map<String, byte[]> bytes = LectioBuild.compile(learnerSources, testSources, new PrintWriter(errors, true));
        testSources.clear();
        if (bytes == null) {
            emit("compilation", json(errors.toString()));
            Runtime.getRuntime().halt(0);
        }
        Path work = Paths.get("").toAbsolutePath();
        ProtectionDomain own = LectioTests.class.getProtectionDomain();
        // every class of the runner is loaded now: nothing of it is read from the (writable) work directory later
        File[] ownClasses = new File(own.getCodeSource().getLocation().toURI()).listFiles((d, f) -> f.endsWith(".class"));
        for (File f : ownClasses == null ? new File[0] : ownClasses) Class.forName(f.getName().substring(0, f.getName().length() - 6));
        Learner learner = new Learner(work.resolve("learner"), learnerDomain(work));
        Tests tests = new Tests(bytes, learner, domain(work.resolve("tests"), allPermissions()));
        Capture capture = new Capture();
        PrintStream captured = new PrintStream(capture, true, StandardCharsets.UTF_8);
        System.setOut(captured);
        System.setErr(captured);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        runner.setContextClassLoader(learner);
        Policy.setPolicy(new Grants(own));
        System.setSecurityManager(new Guard());

        List<Method[]> plan = new ArrayList<>();
        List<Class<?>> classes = new ArrayList<>();
        int total = 0;
        for (String name : testClasses) {
            Class<?> c = null;
            Method[] methods = new Method[0];
            try {
                c = Class.forName(name, false, tests);
                methods = Arrays.stream(c.getDeclaredMethods())
                    .filter(m -> m.getName().startsWith("test") && m.getParameterCount() == 0 && Modifier.isPublic(m.getModifiers()))
                    .sorted(Comparator.comparing(Method::getName)).toArray(Method[]::new);
            } catch (Throwable t) {
                c = null;
            }
            classes.add(c);
            plan.add(methods);
            total += c == null ? 1 : methods.length;
        }
        emit("plan", "{\"total\":" + total + "}");
        for (int i = 0; i < testClasses.size(); i++) {
            Class<?> c = classes.get(i);
            if (c == null) {
                report(testClasses.get(i), false, "the test class could not be loaded");
                continue;
            }
            for (Method m : plan.get(i)) {
                String problem;
                try {
                    Object target = Modifier.isStatic(m.getModifiers()) ? null : c.getDeclaredConstructor().newInstance();
                    m.invoke(target);
                    problem = null;
                } catch (InvocationTargetException e) {
                    problem = describe(e.getCause());
                } catch (Throwable t) {
                    problem = describe(t);
                }
                report(c.getName() + "." + m.getName(), problem == null, problem == null ? "" : problem);
            }
        }
        emit("output", "{\"text\":" + json(capture.text()) + "}");
        emit("done", "{}");
        Runtime.getRuntime().halt(0);
    }

    /** A failure's text; a learner's exception may misbehave in getMessage/toString (then its class name). */
    private static String describe(Throwable t) {
        try {
            return t instanceof AssertionError ? String.valueOf(t.getMessage()) : t.toString();
        } catch (Throwable e) {
            return t.getClass().getName();
        }
    }

    private static void report(String name, boolean passed, String message) {
        emit("test", "{\"name\":" + json(name) + ",\"passed\":" + passed + ",\"message\":" + json(message) + "}");
    }

    private static void emit(String kind, String value) {
        results.println(nonce + " " + kind + " " + value);
        results.flush();
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') b.append('\\').append(ch);
            else if (ch < 0x20 || Character.isSurrogate(ch)) b.append(String.format("\\u%04x", (int) ch));
            else b.append(ch);
        }
        return b.append('"').toString();
    }

    private static Permissions allPermissions() {
        Permissions all = new Permissions();
        all.add(new AllPermission());
        return all;
    }

    /** What the learner's code may do: files of the work directory and /tmp, read system properties. */
    private static ProtectionDomain learnerDomain(Path work) {
        Permissions p = new Permissions();
        // paths are compared as written (not canonicalised): the work directory absolute and relative
        p.add(new FilePermission(work.toString(), "read"));
        p.add(new FilePermission(work + File.separator + "-", "read,write,delete"));
        p.add(new FilePermission(".", "read"));
        p.add(new FilePermission("-", "read,write,delete"));
        p.add(new FilePermission("/tmp", "read"));
        p.add(new FilePermission("/tmp/-", "read,write,delete"));
        p.add(new PropertyPermission("*", "read"));
        p.add(new RuntimePermission("getenv.*"));
        return domain(work.resolve("learner"), p);
    }

    private static ProtectionDomain domain(Path where, Permissions permissions) {
        try {
            // the two-argument domain is static: its permissions are these, whatever the policy says
            return new ProtectionDomain(new CodeSource(where.toUri().toURL(), (Certificate[]) null), permissions);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The learner's classes, read from learner/ when first needed, with package-private members widened. */
    static final class Learner extends ClassLoader {
        private final Path dir;
        private final ProtectionDomain domain;

        Learner(Path dir, ProtectionDomain domain) {
            super("learner", ClassLoader.getPlatformClassLoader());
            this.dir = dir;
            this.domain = domain;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            PrivilegedAction<byte[]> read = () -> {
                try {
                    return Files.readAllBytes(dir.resolve(name.replace('.', '/') + ".class"));
                } catch (IOException | InvalidPathException e) {
                    return null;
                }
            };
            byte[] b = AccessController.doPrivileged(read);
            if (b == null) throw new ClassNotFoundException(name);
            try {
                widen(b);
            } catch (RuntimeException e) {
                throw new ClassFormatError(name);
            }
            return defineClass(name, b, 0, b.length, domain);
        }

        @Override
        public URL getResource(String name) {
            return null;
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            return null;
        }
    }

    /** The tests: defined here from memory (never looked up elsewhere), the runner, then the learner's. */
    static final class Tests extends ClassLoader {
        private final Map<String, byte[]> bytes;
        private final Learner learner;
        private final ProtectionDomain domain;

        Tests(Map<String, byte[]> bytes, Learner learner, ProtectionDomain domain) {
            super("tests", LectioTests.class.getClassLoader());
            this.bytes = bytes;
            this.learner = learner;
            this.domain = domain;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) return c;
                byte[] b = bytes.get(name);
                if (b != null) return defineClass(name, b, 0, b.length, domain);
                if (name.startsWith("LectioTests") || name.startsWith("LectioBuild")) return Class.forName(name);
                return learner.loadClass(name);
            }
        }
    }

    /** All permissions for the runner and the JDK's own modules; nothing for any other dynamic domain. */
    static final class Grants extends Policy {
        private final ProtectionDomain runner;

        Grants(ProtectionDomain runner) {
            this.runner = runner;
        }

        @Override
        public boolean implies(ProtectionDomain domain, Permission permission) {
            if (domain == runner) return true;
            CodeSource source = domain.getCodeSource();
            return source != null && source.getLocation() != null && "jrt".equals(source.getLocation().getProtocol());
        }
    }

    /** The default checks, and no learner frame may stop, interrupt or otherwise change the runner's thread. */
    static final class Guard extends SecurityManager {
        @Override
        public void checkAccess(Thread t) {
            if (t == runner) checkPermission(new RuntimePermission("modifyThread"));
            else super.checkAccess(t);
        }
    }

    /** System.out and System.err while tests run: kept up to 16 KB for the report. */
    static final class Capture extends OutputStream {
        private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
        private long size;

        @Override
        public synchronized void write(int b) {
            if (size++ < 16384) kept.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            int room = (int) Math.max(0, Math.min(len, 16384 - size));
            kept.write(b, off, room);
            size += len;
        }

        synchronized String text() {
            return kept.toString(StandardCharsets.UTF_8) + (size > 16384 ? "\n[output cut]\n" : "");
        }
    }

    /** Package-private and protected classes, fields and methods become public (access flags only). */
    static void widen(byte[] b) {
        int p = 8;
        int count = u2(b, p);
        p += 2;
        for (int i = 1; i < count; i++) {
            int tag = b[p] & 0xff;
            switch (tag) {
                case 1: p += 3 + u2(b, p + 1); break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: p += 5; break;
                case 5: case 6: p += 9; i++; break;
                case 7: case 8: case 16: case 19: case 20: p += 3; break;
                case 15: p += 4; break;
                default: throw new IllegalArgumentException("constant pool tag " + tag);
            }
        }
        int classFlags = u2(b, p);
        if ((classFlags & 0x0001) == 0) put2(b, p, classFlags | 0x0001);
        p += 6;
        p += 2 + 2 * u2(b, p);
        for (int kind = 0; kind < 2; kind++) {
            int members = u2(b, p);
            p += 2;
            for (int m = 0; m < members; m++) {
                int flags = u2(b, p);
                if ((flags & 0x0003) == 0) put2(b, p, (flags & ~0x0004) | 0x0001);
                p += 6;
                int attributes = u2(b, p);
                p += 2;
                for (int a = 0; a < attributes; a++) p += 6 + ((b[p + 2] & 0xff) << 24 | (b[p + 3] & 0xff) << 16 | (b[p + 4] & 0xff) << 8 | (b[p + 5] & 0xff));
            }
        }
    }

    private static int u2(byte[] b, int p) {
        return (b[p] & 0xff) << 8 | (b[p + 1] & 0xff);
    }

    private static void put2(byte[] b, int p, int v) {
        b[p] = (byte) (v >> 8);
        b[p + 1] = (byte) v;
    }
}
