import java.lang.reflect.Field;
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
    proxy.start();
    System.out.println("DynamoDB Local listening on " + host);
    proxy.join();
  }
}
