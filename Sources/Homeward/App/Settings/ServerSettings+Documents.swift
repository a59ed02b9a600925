import Foundation

extension ServerSettings {
    /// The settings as `homeward serve --help` lists them, a block per section.
    public static var helpText: String {
        sections.map { section in
            section.title + ":\n" + section.settings.map { setting in
                "  --\(setting.name)" + (setting.takesNoValue ? "" : " <value>") + "\n" + wrapped(setting.helpLine, indent: 6)
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// `text` in lines of at most 78 characters, each indented by `indent` spaces (a word longer
    /// than a line stands alone).
    static func wrapped(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, indent + line.count + 1 + word.count > 78 {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines.joined(separator: "\n")
    }

    /// The table of `section` in docs/configuration.md.
    public static func markdownTable(_ section: SettingSection) -> String {
        let rows = section.settings.map { setting in
            let environment = "`\(setting.environmentName)`" + (setting.takesNoValue ? " (`true`)" : "")
            let cells = ["`--\(setting.name)`", environment, setting.shownDefault, setting.help]
            return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        return (["| flag | environment | default | meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The line before a section's table in docs/configuration.md; `tableEnd` closes it.
    static func tableStart(_ section: SettingSection) -> String { "<!-- settings:\(section.id) (made by homeward settings --update) -->" }
    static let tableEnd = "<!-- /settings -->"

    /// `document` with each section's table between its `tableStart` and `tableEnd` lines made anew
    /// from the declarations; a section whose lines are missing is named in the error.
    public static func updatingTables(in document: String) throws -> String {
        var text = document
        for section in sections {
            let start = tableStart(section)
            guard let head = text.range(of: start + "\n"),
                  let tail = text.range(of: tableEnd, range: head.upperBound..<text.endIndex)
            else { throw SettingError("The document has no \(start) … \(tableEnd) lines.") }
            text.replaceSubrange(head.upperBound..<tail.lowerBound, with: markdownTable(section) + "\n")
        }
        return text
    }

    /// Every section, a heading and its table between the lines `updatingTables` fills, for a new
    /// document.
    public static var markdown: String {
        sections.map { "### \($0.title)\n\n\(tableStart($0))\n\(markdownTable($0))\n\(tableEnd)\n" }.joined(separator: "\n")
    }
}
