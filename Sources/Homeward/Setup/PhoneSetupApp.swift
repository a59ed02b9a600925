import Foundation

/// A tracking app a phone can be set up with by one link: its link, where to get it, and what to
/// do, in plain words. Formats from each app's source (see `PhoneSetupLink`).
enum PhoneSetupApp: String, Sendable, Codable, CaseIterable {
    /// OwnTracks for iPhone and Android, in HTTP mode.
    case owntracks
    /// Overland for iPhone.
    case overland
    /// Traccar Client for iPhone and Android (the OsmAnd protocol).
    case traccar

    /// The app's name as its store shows it.
    var title: String {
        switch self {
        case .owntracks: "OwnTracks"
        case .overland: "Overland"
        case .traccar: "Traccar Client"
        }
    }

    /// Where to get the app.
    var stores: [PhoneSetup.Store] {
        switch self {
        case .owntracks: [
            .init(name: "App Store (iPhone)", url: "https://apps.apple.com/app/owntracks/id692424691"),
            .init(name: "Google Play (Android)", url: "https://play.google.com/store/apps/details?id=org.owntracks.android"),
        ]
        case .overland: [.init(name: "App Store (iPhone)", url: "https://apps.apple.com/app/overland-gps-tracker/id1292426766")]
        case .traccar: [
            .init(name: "App Store (iPhone)", url: "https://apps.apple.com/app/traccar-client/id843156974"),
            .init(name: "Google Play (Android)", url: "https://play.google.com/store/apps/details?id=org.traccar.client"),
        ]
        }
    }

    /// What to do on the phone, step by step, in the words each app's screens use: OwnTracks' switch
    /// is “Allow external configuration” (iOS: `Base.lproj/Storyboard.storyboard`, at the top of
    /// Settings; Android: `res/xml/preferences_remote_control.xml` under Preferences › Remote
    /// Control), off until turned on; Traccar Client asks “Apply new configuration?” and tracks once
    /// “Continuous tracking” is on (`lib/l10n/app_en.arb`).
    var steps: [String] {
        switch self {
        case .owntracks: [
            "Install OwnTracks on the phone from its store.",
            "Open OwnTracks and turn on “Allow external configuration”: on an iPhone it is at the top of Settings, on Android under Preferences › Remote Control.",
            "Scan the square code below with the phone's camera, or open this page on the phone and tap “Open in \(title)”.",
            "Accept the settings OwnTracks shows, and allow location access “Always”.",
        ]
        case .overland: [
            "Install Overland on the iPhone from the App Store.",
            "Scan the square code below with the iPhone's camera, or open this page on the iPhone and tap “Open in \(title)”.",
            "Allow location access “Always”, then switch tracking on in Overland.",
        ]
        case .traccar: [
            "Install Traccar Client on the phone from its store.",
            "Scan the square code below with the phone's camera, or open this page on the phone and tap “Open in \(title)”.",
            "Traccar Client asks “Apply new configuration?”: press OK.",
            "Switch “Continuous tracking” on, and allow location access “Always”.",
        ]
        }
    }
}
