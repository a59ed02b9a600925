#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors this process may run on, for sizing pools and concurrency bounds.
public enum ProcessorCount {
    /// The number of online processors, at least 1.
    public static var active: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
