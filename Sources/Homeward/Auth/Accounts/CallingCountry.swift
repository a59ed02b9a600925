/// A country whose phone numbers can be typed the local way ("020 7946 0958" in GB): its ISO 3166
/// code, its calling code and the trunk prefix dialled before a local number (dropped in the
/// international form). Countries without a trunk prefix, or that keep it (Italy), have none.
public struct CallingCountry: Sendable, Equatable {
    /// ISO 3166-1 alpha-2, upper case ("GB").
    public let isoCode: String
    /// The calling code without "+" ("44").
    public let callingCode: String
    /// What local numbers start with and the international form drops ("0"; "1" in North America).
    public let trunkPrefix: String?

    /// The country with ISO code `isoCode` (any case), if it is one whose local numbers Homeward reads.
    public init?(isoCode: String) {
        guard let entry = Self.table[isoCode.uppercased()] else { return nil }
        self.isoCode = isoCode.uppercased()
        callingCode = entry.callingCode
        trunkPrefix = entry.trunkPrefix
    }

    /// The countries known, by ISO code.
    private static let table: [String: (callingCode: String, trunkPrefix: String?)] = [
        "GB": ("44", "0"), "IE": ("353", "0"), "DE": ("49", "0"), "AT": ("43", "0"), "CH": ("41", "0"),
        "FR": ("33", "0"), "BE": ("32", "0"), "NL": ("31", "0"), "LU": ("352", nil), "IT": ("39", nil),
        "ES": ("34", nil), "PT": ("351", nil), "DK": ("45", nil), "NO": ("47", nil), "SE": ("46", "0"),
        "FI": ("358", "0"), "PL": ("48", nil), "CZ": ("420", nil), "SK": ("421", "0"), "HU": ("36", "06"),
        "GR": ("30", nil), "TR": ("90", "0"), "RO": ("40", "0"), "US": ("1", "1"), "CA": ("1", "1"),
        "MX": ("52", nil), "BR": ("55", "0"), "AR": ("54", "0"), "AU": ("61", "0"), "NZ": ("64", "0"),
        "IN": ("91", "0"), "JP": ("81", "0"), "KR": ("82", "0"), "ZA": ("27", "0"), "IL": ("972", "0"),
    ]
}
