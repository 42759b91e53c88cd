import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local on 127.0.0.1 only (issue 15 point 7, local/emulators.ts). Its launcher has no option
 * for the address and binds every interface (Jetty's `new Server(port)`); this one builds the same
 * server from the same command-line arguments, sets the address of its connector to the loopback
 * before it starts, then runs it as DynamoDB Local's own main does. Run as a single source file
 * (`java DynamoDbLoopback.java ...`, Java 11+ with its compiler), with DynamoDBLocal.jar on the
 * class path.
 */
public final class DynamoDbLoopback {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1 only");
    proxy.join();
  }
}
