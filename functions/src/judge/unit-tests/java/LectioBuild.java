import java.io.*;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.*;
import javax.tools.*;

/**
 * Builds a type 9 Java evaluation in one JVM (trusted; no learner code runs here). stdin: the job's nonce,
 * then `learner <file>` lines (the learner's sources in the work directory) and `test <file> <base64>`
 * lines (the author's tests, from the worker's memory). The learner's classes are compiled alone into
 * learner/ (so they cannot see a test's constants); the tests are compiled against them and LectioTests
 * in memory and printed as `<nonce> class <name> <base64>`; `<nonce> built` ends a good build. Errors in
 * the learner's files are shown as javac shows them; errors in the tests without their source lines.
 */
public class LectioBuild {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String nonce = in.readLine();
        List<String> learner = new ArrayList<>();
        List<JavaFileObject> tests = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            String[] part = line.split(" ", 3);
            if (part[0].equals("learner")) learner.add(part[1]);
            else if (part[0].equals("test")) tests.add(source(part[1], new String(Base64.getDecoder().decode(part[2]), StandardCharsets.UTF_8)));
        }
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        new File("learner").mkdirs();
        List<String> common = List.of("-encoding", "UTF-8", "-proc:none", "-nowarn", "-Xlint:none", "-implicit:class");
        if (!learner.isEmpty()) {
            List<String> options = new ArrayList<>(List.of("-d", "learner", "-cp", "learner"));
            options.addAll(common);
            if (!javac.getTask(out, files, null, options, null, files.getJavaFileObjectsFromStrings(learner)).call()) return;
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
        List<String> options = new ArrayList<>(List.of("-cp", "learner" + File.pathSeparator + ".lectio"));
        options.addAll(common);
        DiagnosticListener<JavaFileObject> brief = d -> {
            if (d.getKind() != Diagnostic.Kind.ERROR) return;
            String where = d.getSource() == null ? "" : new File(d.getSource().getName()).getName() + ":" + d.getLineNumber() + ": ";
            out.println(where + "error: " + d.getMessage(Locale.ROOT));
        };
        if (!tests.isEmpty() && !javac.getTask(out, memory, brief, options, null, tests).call()) return;
        for (Map.Entry<String, ByteArrayOutputStream> c : classes.entrySet()) {
            out.println(nonce + " class " + c.getKey() + " " + Base64.getEncoder().encodeToString(c.getValue().toByteArray()));
        }
        out.println(nonce + " built {}");
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
