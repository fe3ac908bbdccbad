extension MotionManager {
    /// The bounds on believable sensor samples; samples outside are dropped
    /// with a ``Diagnostic``. Each default says where it comes from.
    ///
    /// ```swift
    /// motion.limits.maximumGap = 1   // a source known to pause
    /// ```
    ///
    /// ## See Also
    /// - ``MotionManager``
    public struct Limits: Hashable, Sendable {
        /// The largest acceleration on any axis, in g: 64 g, twice the
        /// widest full-scale range of consumer MEMS accelerometers (±32 g;
        /// phones and pads use ±2 to ±16 g). Anything beyond is a corrupt
        /// reading, not a real one.
        public var maximumAcceleration: Double = 64
        /// The largest rotation rate about any axis, in rad/s: 70 rad/s,
        /// about twice ±2000 °/s (34.9 rad/s), the widest range of the
        /// gyroscopes in phones and pads.
        public var maximumRotationRate: Double = 70
        /// The longest time between two readings of one sensor before the
        /// filters restart, in seconds: 0.5 s, five intervals at 10 Hz, the
        /// slowest rate in the guide's table 4-1. Integrating an old rotation
        /// rate across a longer gap would invent a rotation.
        public var maximumGap: Double = 0.5

        public init() {}
    }
}
