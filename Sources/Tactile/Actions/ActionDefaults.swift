/// The tunable numbers of action maps, in one place, with where each comes
/// from: how a held menu action repeats, and how a rebinding listen decides.
///
/// ## See Also
/// - ``ActionRepeat``
/// - ``BindingListener``
public enum ActionDefaults {
    /// How long an action is held before it starts repeating: half a second.
    /// Windows' default keyboard delay setting is 1 on its 0…3 scale, where 0
    /// is about 250 ms and 3 about 1 s (`SPI_GETKEYBOARDDELAY`), and GNOME's
    /// `org.gnome.desktop.peripherals.keyboard delay` is 500 ms.
    public static let repeatDelay = 0.5
    /// Repeats per second once repeating: 30. Windows' default keyboard
    /// speed is 31, "approximately 30 repetitions per second"
    /// (`SPI_GETKEYBOARDSPEED`); GNOME repeats every 30 ms. (Unity's UI
    /// module moves a menu 10 times a second; a game that wants that passes
    /// `rate: 10`.)
    public static let repeatRate = 30.0
    /// How far an axis must move, 0…1 of its travel, for a rebinding listen
    /// to take it: halfway, Unity's default press point for an analogue
    /// control read as a button (`InputSettings.defaultButtonPressPoint`).
    /// Lower, a worn stick's drift would answer the prompt.
    public static let listenAxisThreshold = 0.5
    /// How long a rebinding listen waits, in seconds of game time, before
    /// it gives up: 5, our choice, long enough to find a key and short
    /// enough that a player who walked away does not leave the prompt open.
    public static let listenTimeout = 5.0
}
