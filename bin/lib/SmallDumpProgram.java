import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Fills its heap with about {@code MB} megabytes of an application-like object mix (a map of
 * customers with strings, orders in lists and linked lists, byte buffers, boxed numbers) and dumps
 * its live heap to {@code FILE}: the dumps of bin/bench-small, made by whichever JVM runs this.
 * Written for Java 17, so that both JDK 17 and JDK 25 run it.
 *
 * <p>Usage: {@code java SmallDumpProgram FILE MB}
 */
public final class SmallDumpProgram {
    static final class Customer {
        final String name;
        final String email;
        final long id;
        final List<Order> orders = new ArrayList<>();
        final Map<String, Object> attributes = new HashMap<>();
        Customer friend;

        Customer(long id, String name, String email) {
            this.id = id;
            this.name = name;
            this.email = email;
        }
    }

    static final class Order {
        final long number;
        final double amount;
        final String currency;
        final LinkedList<Line> lines = new LinkedList<>();
        byte[] receipt;

        Order(long number, double amount, String currency) {
            this.number = number;
            this.amount = amount;
            this.currency = currency;
        }
    }

    static final class Line {
        final String sku;
        final int quantity;
        final Integer discount;

        Line(String sku, int quantity, Integer discount) {
            this.sku = sku;
            this.quantity = quantity;
            this.discount = discount;
        }
    }

    /** Everything made, held by a static field: a GC root. */
    static final Map<Long, Customer> CUSTOMERS = new HashMap<>();

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        long target = Long.parseLong(args[1]) << 20;
        Random r = new Random(42);
        String[] currencies = {"EUR", "USD", "GBP", "JPY", "CHF"};
        Customer previous = null;
        long made = 0; // an estimate of the bytes made, as a 64-bit VM with compressed oops lays them out
        for (long id = 0; made < target; id++) {
            Customer c = new Customer(id, "customer-" + id, "c" + id + "@example.com");
            c.attributes.put("tier", r.nextInt(4));
            c.attributes.put("since", 1990L + r.nextInt(35));
            c.friend = previous;
            previous = c;
            made += 40 + 2 * 64 + 48 + 2 * 40 + 2 * 32 + 64;
            int orders = r.nextInt(6);
            for (int o = 0; o < orders; o++) {
                Order order = new Order(id * 10 + o, r.nextDouble() * 500, currencies[r.nextInt(currencies.length)]);
                int lines = 1 + r.nextInt(4);
                for (int l = 0; l < lines; l++) {
                    order.lines.add(new Line("sku-" + r.nextInt(100_000), 1 + r.nextInt(9),
                            r.nextInt(3) == 0 ? Integer.valueOf(r.nextInt(1000)) : null));
                    made += 24 + 24 + 56 + 16;
                }
                if (r.nextInt(4) == 0) {
                    order.receipt = new byte[64 + r.nextInt(512)];
                    made += 16 + order.receipt.length;
                }
                c.orders.add(order);
                made += 40 + 32 + 8;
            }
            CUSTOMERS.put(id, c);
            made += 48;
        }
        Files.deleteIfExists(file);
        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(file.toString(), true);
        System.out.println(CUSTOMERS.size() + " customers, " + Files.size(file) + " bytes in " + file);
    }
}
