/// The SQL that the SQLite stores write (`?` placeholders), in PostgreSQL's spelling (`$1`, `$2`…),
/// so one statement text serves both backends where the dialects agree.
public enum PortableSQL {
    /// `sql` with each `?` placeholder numbered (`$1`, `$2`, …) in order; a `?` inside a string
    /// literal, a quoted identifier or a comment stays as it is.
    public static func numberingPlaceholders(in sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        var inLineComment = false
        var inBlockComment = false
        var previous: Character?
        for character in sql {
            defer { previous = character }
            if inLineComment {
                if character == "\n" { inLineComment = false }
            } else if inBlockComment {
                if previous == "*", character == "/" { inBlockComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if previous == "-", character == "-" {
                inLineComment = true
            } else if previous == "/", character == "*" {
                inBlockComment = true
            } else if character == "?" {
                number += 1
                output += "$\(number)"
                continue
            }
            output.append(character)
        }
        return output
    }
}
