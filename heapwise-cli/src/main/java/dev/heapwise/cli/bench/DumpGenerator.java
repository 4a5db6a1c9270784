package dev.heapwise.cli.bench;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Run in its own JVM: fills the heap with a realistic mix (caches of strings, maps, records,
 * boxed values, linked structures, arrays) until the dump would be about {@code targetBytes}, then
 * dumps itself with {@code HotSpotDiagnosticMXBean.dumpHeap}. Deterministic for a given target.
 *
 * <p>Arguments: target dump size in bytes, output file.
 */
public final class DumpGenerator {
    /** Everything generated stays reachable from here. */
    static final List<Object> ROOTS = new ArrayList<>();

    /** A record with a typical mix of fields. */
    record Customer(long id, String name, String email, int visits, double balance, Address address,
            List<Order> orders) {}

    record Address(String street, String city, int zip) {}

    record Order(long id, long timestamp, int quantity, String sku) {}

    /** A hand-made linked structure, as in caches and queues. */
    static final class Node {
        Node next;
        Object payload;
        int hash;
    }

    private DumpGenerator() {}

    public static void main(String[] args) throws Exception {
        long target = Long.parseLong(args[0]);
        String out = args[1];
        Random r = new Random(42);
        // HPROF record sizes with 8-byte ids: an instance costs 25 bytes of header plus its fields.
        long estimate = 0;
        Map<String, Customer> customers = new HashMap<>();
        Map<Long, String> names = new ConcurrentHashMap<>();
        List<Object> misc = new ArrayList<>();
        ROOTS.add(customers);
        ROOTS.add(names);
        ROOTS.add(misc);
        LinkedList<Object> queue = new LinkedList<>();
        ROOTS.add(queue);
        long n = 0;
        while (estimate < target) {
            n++;
            String name = "customer-" + n + "-" + Long.toString(r.nextLong() & 0xFFFFFF, 36);
            String email = name + "@example.com";
            Address a = new Address("street " + r.nextInt(10_000), CITIES[r.nextInt(CITIES.length)], r.nextInt(99_999));
            List<Order> orders = new ArrayList<>(2);
            int k = r.nextInt(4);
            for (int i = 0; i < k; i++) {
                orders.add(new Order(n * 10 + i, 1_700_000_000_000L + r.nextInt(), 1 + r.nextInt(9),
                        SKUS[r.nextInt(SKUS.length)]));
            }
            Customer c = new Customer(n, name, email, r.nextInt(500), r.nextDouble() * 1000, a, orders);
            customers.put(name, c);
            // customer, name, email (2 strings + 2 byte[]), address, street string, map node, list, orders
            estimate += 73 + 2 * (51 + 60) + 53 + 51 + 50 + 58 + 41 + 56 + k * 65L;
            if (n % 3 == 0) {
                names.put(n, name);
                estimate += 58 + 41;
            }
            if (n % 5 == 0) {
                Node head = null;
                for (int i = 0; i < 4; i++) {
                    Node x = new Node();
                    x.next = head;
                    x.payload = Integer.valueOf(r.nextInt());
                    x.hash = r.nextInt();
                    head = x;
                }
                queue.add(head);
                estimate += 4 * (49 + 29) + 57;
            }
            if (n % 7 == 0) {
                int kind = r.nextInt(4);
                int len = r.nextInt(200);
                Object arr = switch (kind) {
                    case 0 -> new int[len];
                    case 1 -> new long[len / 2];
                    case 2 -> new byte[len * 4];
                    default -> new Object[len / 4];
                };
                misc.add(arr);
                estimate += 30 + len * 4L;
            }
            if (n % 11 == 0) {
                List<Long> boxed = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    boxed.add(r.nextLong());
                }
                misc.add(boxed);
                estimate += 41 + 8 * 33 + 90;
            }
        }
        System.out.println("objects created: about " + (n * 12) + ", estimated dump bytes " + estimate);
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        hs.dumpHeap(out, true);
        System.out.println("dumped " + out);
    }

    private static final String[] CITIES = {"Paris", "Lyon", "Berlin", "Oslo", "Lisbon", "Porto", "Madrid", "Rome"};
    private static final String[] SKUS = {"SKU-1", "SKU-2", "SKU-3", "SKU-4", "SKU-5"};
}
