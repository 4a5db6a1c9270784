import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A small server-like program with two leaks a reader will recognise, for bin/demo to dump and explain:
 * every session registers a listener on the application's event bus and never removes it (the closed
 * sessions, and the buffers they hold, stay reachable from the bus's listener list), and rendered
 * reports go into a map that nothing ever evicts. The main thread holds the bus as a local variable
 * (a thread retains what its stack holds), and the renderer thread its cache. Run it with a JDK 25 as a source file:
 *
 *   java -Xmx256m demo/LeakyApp.java
 *
 * It serves its requests, prints "ready PID", and waits two minutes (for jcmd PID GC.heap_dump FILE).
 */
public class LeakyApp {
    static final int SESSIONS = 1_500;
    static final int SESSION_BUFFER = 16 * 1024;
    static final int REPORT_SIZE = 2 * 1024;

    public static void main(String[] args) throws Exception {
        EventBus bus = new EventBus();
        ReportRenderer renderer = new ReportRenderer();
        renderer.start();
        for (int i = 0; i < SESSIONS; i++) {
            Session s = new Session("user-" + i, bus);
            s.open();
            s.handle("GET /orders");
            s.close(); // forgets to unsubscribe: the bus keeps the session and its buffer
            renderer.render("report-" + i + "-summary", REPORT_SIZE);
            renderer.render("report-" + i + "-detail", REPORT_SIZE);
        }
        bus.publish("shutdown-notice");
        System.out.println("ready " + ProcessHandle.current().pid());
        System.out.flush();
        Thread.sleep(Duration.ofMinutes(2)); // time to be dumped; bin/demo ends it sooner
        System.out.println(renderer.cache.size() + " reports, " + bus.size() + " listeners");
    }

    /** Listeners are added by every session and never removed. */
    static final class EventBus {
        private final List<Listener> listeners = new ArrayList<>();

        void subscribe(Listener l) {
            listeners.add(l);
        }

        void unsubscribe(Listener l) {
            listeners.remove(l);
        }

        void publish(String event) {
            for (Listener l : listeners) {
                l.onEvent(event);
            }
        }

        int size() {
            return listeners.size();
        }
    }

    interface Listener {
        void onEvent(String event);
    }

    static final class Session {
        final String user;
        final EventBus bus;
        final byte[] buffer = new byte[SESSION_BUFFER];
        final List<String> history = new ArrayList<>();
        boolean open;

        Session(String user, EventBus bus) {
            this.user = user;
            this.bus = bus;
        }

        void open() {
            open = true;
            bus.subscribe(event -> history.add(event)); // a lambda holding this session
        }

        void handle(String request) {
            history.add(request);
            buffer[history.size()] = 1;
        }

        void close() {
            open = false; // should also have unsubscribed its listener
        }
    }

    /** A worker thread that renders reports into its cache, which nothing ever evicts. */
    static final class ReportRenderer extends Thread {
        final ReportCache cache = new ReportCache();

        ReportRenderer() {
            super("report-renderer");
            setDaemon(true);
        }

        synchronized byte[] render(String name, int size) {
            return cache.render(name, size);
        }

        @Override
        public void run() {
            while (true) {
                try {
                    Thread.sleep(Duration.ofSeconds(1));
                } catch (InterruptedException e) {
                    return;
                }
                render("heartbeat", 16);
            }
        }
    }

    /** Rendered reports by name, without any eviction. */
    static final class ReportCache {
        private final Map<String, byte[]> rendered = new HashMap<>();

        byte[] render(String name, int size) {
            return rendered.computeIfAbsent(name, n -> new byte[size]);
        }

        int size() {
            return rendered.size();
        }
    }
}
