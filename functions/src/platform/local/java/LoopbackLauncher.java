import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local bound to one address (loopback by default) instead of every interface.
 *
 * DynamoDB Local has no host option: its DynamoDBProxyServer builds a Jetty Server(port), whose
 * ServerConnector listens on all interfaces. This launcher lets DynamoDB Local parse its usual
 * command line, then sets the host of that (not yet started) connector before starting it.
 *
 * With -Dlectio.sqlite.wal=1 (a database under -dbPath), the database is switched to SQLite's write-ahead
 * log with synchronous=NORMAL once it is open: DynamoDB Local commits every item it writes as a transaction
 * of its own, and with the default rollback journal each one waits for the disk (about 15 ms on the disk
 * this was measured on, so a first seed of ~5,000 items took a minute). In WAL mode a commit is written but
 * synced only at checkpoints: the data survives the process being killed, and a crash of the machine may
 * lose the last commits but never corrupts the file. If DynamoDB Local's internals differ (another release),
 * it says so and runs as before.
 *
 * Usage: java -Dlectio.host=127.0.0.1 -cp 'DynamoDBLocal.jar:DynamoDBLocal_lib/*:<dir>' LoopbackLauncher -port N …
 */
public class LoopbackLauncher {
  public static void main(String[] args) throws Exception {
    String host = System.getProperty("lectio.host", "127.0.0.1");
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    Connector[] connectors = server.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector");
    for (Connector connector : connectors) {
      if (!(connector instanceof ServerConnector)) throw new IllegalStateException("unexpected connector " + connector);
      ((ServerConnector) connector).setHost(host);
    }
    if ("1".equals(System.getProperty("lectio.sqlite.wal"))) {
      try {
        writeAheadLog(proxy);
      } catch (Exception | LinkageError e) {
        System.err.println("LoopbackLauncher: the SQLite journal stays as it is (" + e + ")");
      }
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
    proxy.join();
  }

  private static Object field(Object owner, String name) throws ReflectiveOperationException {
    for (Class<?> c = owner.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(owner);
      } catch (NoSuchFieldException e) {
        // a superclass has it
      }
    }
    throw new NoSuchFieldException(name);
  }

  /** Opens the shared database (as its first request would) and sets its journal. */
  private static void writeAheadLog(DynamoDBProxyServer proxy) throws Exception {
    Object requests = field(field(proxy, "serverHandler"), "primaryHandler");
    Method getHandler = requests.getClass().getDeclaredMethod("getHandler", String.class);
    getHandler.setAccessible(true);
    Object client = getHandler.invoke(requests, "");
    SQLiteQueue queue = (SQLiteQueue) field(field(client, "dbAccess"), "queue");
    SQLiteJob<Object> pragmas = queue.execute(new SQLiteJob<Object>() {
      @Override
      protected Object job(SQLiteConnection connection) throws Throwable {
        connection.exec("PRAGMA journal_mode=WAL");
        connection.exec("PRAGMA synchronous=NORMAL");
        return null;
      }
    });
    pragmas.complete();
    if (pragmas.getError() != null) throw new Exception(pragmas.getError());
  }
}
