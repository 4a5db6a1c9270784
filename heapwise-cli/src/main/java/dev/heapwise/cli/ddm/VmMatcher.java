package dev.heapwise.cli.ddm;

import dev.heapwise.cli.BadInputException;
import dev.heapwise.ddm.monitor.VmSnapshot;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Picks the VM a command line names: {@code host:port}, a port, a pid or an application name.
 */
final class VmMatcher {
    private VmMatcher() {}

    /** The matching VM, empty when none matches yet; bad input when several do. */
    static Optional<VmSnapshot> match(String spec, List<VmSnapshot> vms) {
        String s = spec.trim();
        List<VmSnapshot> hits = vms.stream().filter(v -> matches(s, v)).toList();
        if (hits.size() > 1) {
            throw new BadInputException("\"" + spec + "\" matches several VMs: "
                    + hits.stream().map(v -> v.target().toString()).collect(Collectors.joining(", ")) + "; name one by host:port");
        }
        return hits.stream().findFirst();
    }

    private static boolean matches(String s, VmSnapshot v) {
        if (v.target().toString().equals(s) || s.equals(v.appName()) || s.equals(v.packageName())) {
            return true;
        }
        if (s.chars().allMatch(Character::isDigit) && !s.isEmpty() && s.length() < 10) {
            int n = Integer.parseInt(s);
            return v.target().port() == n || (v.pid() != null && v.pid() == n);
        }
        return false;
    }
}
