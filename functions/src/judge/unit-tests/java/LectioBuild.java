import java.io.*;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.*;
import javax.tools.*;

/**
 * Compiles a type 9 Java evaluation inside the runner's JVM, before any learner code runs (trusted; javac
 * with annotation processing off). The learner's classes are compiled alone into learner/ (so they cannot
 * see a test's constants); the tests (sources from the worker's memory) are compiled against them and
 * LectioTests into memory. Errors in the learner's files are shown as javac shows them; errors in the
 * tests without their source lines.
 */
public class LectioBuild {
    /** The tests' class bytes by class name; null when a compilation failed (its errors are in `out`). */
    static Map<String, byte[]> compile(List<String> learner, Map<String, String> testSources, PrintWriter out) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        new File("learner").mkdirs();
        List<String> common = List.of("-encoding", "UTF-8", "-proc:none", "-nowarn", "-Xlint:none", "-implicit:class");
        if (!learner.isEmpty()) {
            List<String> options = new ArrayList<>(List.of("-d", "learner", "-cp", "learner"));
            options.addAll(common);
            if (!javac.getTask(out, files, null, options, null, files.getJavaFileObjectsFromStrings(learner)).call()) return null;
        }
        Map<String, ByteArrayOutputStream> classes = new TreeMap<>();
        JavaFileManager memory = new ForwardingJavaFileManager<JavaFileManager>(files) {
            @Override
            public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind, FileObject sibling) {
                return new SimpleJavaFileObject(URI.create("mem:///" + name.replace('.', '/') + kind.extension), kind) {
                    @Override
                    public OutputStream openOutputStream() {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        classes.put(name, bytes);
                        return bytes;
                    }
                };
            }
        };
        String runner = new File(LectioBuild.class.getProtectionDomain().getCodeSource().getLocation().getPath()).getPath();
        List<String> options = new ArrayList<>(List.of("-cp", "learner" + File.pathSeparator + runner));
        options.addAll(common);
        DiagnosticListener<JavaFileObject> brief = d -> {
            if (d.getKind() != Diagnostic.Kind.ERROR) return;
            String where = d.getSource() == null ? "" : new File(d.getSource().getName()).getName() + ":" + d.getLineNumber() + ": ";
            out.println(where + "error: " + d.getMessage(Locale.ROOT));
        };
        List<JavaFileObject> tests = new ArrayList<>();
        testSources.forEach((name, text) -> tests.add(source(name, text)));
        if (!tests.isEmpty() && !javac.getTask(out, memory, brief, options, null, tests).call()) return null;
        Map<String, byte[]> bytes = new HashMap<>();
        classes.forEach((name, b) -> bytes.put(name, b.toByteArray()));
        return bytes;
    }

    private static JavaFileObject source(String name, String text) {
        return new SimpleJavaFileObject(URI.create("string:///" + name), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return text;
            }
        };
    }
}
