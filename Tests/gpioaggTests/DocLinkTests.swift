import Foundation
import Testing

/// The documentation's links, read as GitHub reads them: every relative link in every
/// Markdown file of the repository names a file that exists, and its `#anchor` one of
/// that file's headings. The same check as `scripts/check-doc-links`, so that a moved
/// document or a renamed heading fails here, naming the link.
@Suite("Documentation links")
struct DocLinkTests {
    /// A link that does not resolve: where it is, and why.
    struct BrokenLink: CustomStringConvertible {
        let file: String
        let line: Int
        let target: String
        let reason: String

        var description: String { "\(file):\(line): \(target): \(reason)" }
    }

    /// Every .md file under the repository, by its path from the root; hidden folders
    /// (.git, .build) are left out.
    static func markdownFiles() throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: MakefileTests.root))
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if (path as NSString).lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
            } else if path.hasSuffix(".md") {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The lines outside fenced code blocks, with their numbers (from 1).
    static func proseLines(_ text: String) -> [(number: Int, text: Substring)] {
        var lines: [(Int, Substring)] = []
        var fence: Character?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            let opens = line.count - trimmed.count <= 3 && (trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~"))
            if let open = fence {
                if opens, trimmed.first == open { fence = nil }
                continue
            }
            if opens {
                fence = trimmed.first
                continue
            }
            lines.append((index + 1, line))
        }
        return lines
    }

    /// The anchor GitHub gives a heading: lowercase, punctuation dropped except `-` and
    /// `_`, spaces to `-`; a link in the heading counts by its text.
    static func slug(_ heading: Substring) throws -> String {
        let link = try Regex(#"!?\[([^\]]*)\]\([^)]*\)"#)
        let text = heading.replacing(link) { match in match.output[1].substring ?? "" }
        let kept = text.lowercased().filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
        return kept.replacingOccurrences(of: " ", with: "-")
    }

    /// Every anchor of a Markdown file, a repeated heading numbered `-1`, `-2`...
    static func anchors(of text: String) throws -> Set<String> {
        let heading = try Regex(#"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$"#)
        var found: Set<String> = []
        var seen: [String: Int] = [:]
        for (_, line) in proseLines(text) {
            guard let match = try heading.wholeMatch(in: line), let title = match.output[1].substring else { continue }
            let base = try slug(title)
            let count = seen[base, default: 0]
            seen[base] = count + 1
            found.insert(count == 0 ? base : "\(base)-\(count)")
        }
        return found
    }

    /// The links of every Markdown file that do not resolve.
    static func brokenLinks() throws -> [BrokenLink] {
        let root = MakefileTests.root
        let inlineCode = try Regex(#"(`+)(.+?)\1"#)
        let link = try Regex(#"\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)"#)
        let scheme = try Regex(#"^[A-Za-z][A-Za-z0-9+.\-]*:"#)
        var anchorsByFile: [String: Set<String>] = [:]
        var broken: [BrokenLink] = []
        for file in try markdownFiles() {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            let folder = (file as NSString).deletingLastPathComponent
            for (number, line) in proseLines(text) {
                let prose = line.replacing(inlineCode, with: "")
                for match in prose.matches(of: link) {
                    let target = String(match.output[1].substring ?? "")
                    guard !target.isEmpty, (try scheme.firstMatch(in: target)) == nil else { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let path = String(parts[0])
                    let anchor = parts.count > 1 ? String(parts[1]) : ""
                    let resolved = path.isEmpty
                        ? file
                        : (((folder.isEmpty ? path : folder + "/" + path) as NSString).standardizingPath)
                    let absolute = root + "/" + resolved
                    guard FileManager.default.fileExists(atPath: absolute) else {
                        broken.append(BrokenLink(file: file, line: number, target: target, reason: "no file \(resolved)"))
                        continue
                    }
                    guard !anchor.isEmpty, resolved.hasSuffix(".md") else { continue }
                    if anchorsByFile[resolved] == nil {
                        anchorsByFile[resolved] = try anchors(of: String(contentsOfFile: absolute, encoding: .utf8))
                    }
                    if anchorsByFile[resolved]?.contains(anchor.lowercased()) != true {
                        broken.append(BrokenLink(file: file, line: number, target: target,
                                                 reason: "no heading '#\(anchor)' in \(resolved)"))
                    }
                }
            }
        }
        return broken
    }

    @Test("a heading's anchor is GitHub's: lowercase, punctuation dropped, spaces to dashes")
    func anchorsAreGitHubs() throws {
        #expect(try Self.slug("The Debian package under systemd (`make test-deb`)")
                == "the-debian-package-under-systemd-make-test-deb")
        #expect(try Self.slug("Kept out of Home Assistant: `internal:`") == "kept-out-of-home-assistant-internal")
        #expect(try Self.slug("max_on after a restart") == "max_on-after-a-restart")
        #expect(try Self.anchors(of: "# Notes\n## Notes\n```\n# not a heading\n```\n") == ["notes", "notes-1"])
    }

    @Test("every relative link in the Markdown files names a file that exists, and a heading in it")
    func everyLinkResolves() throws {
        let files = try Self.markdownFiles()
        #expect(files.contains("README.md") && files.contains("docs/CONFIG.md"), "\(files)")
        let broken = try Self.brokenLinks()
        #expect(broken.isEmpty, "broken links (scripts/check-doc-links lists them too):\n\(broken.map(\.description).joined(separator: "\n"))")
    }

    @Test("README.md stays a front page: fewer than 250 lines, the rest in docs/")
    func readmeIsShort() throws {
        let text = try String(contentsOfFile: MakefileTests.root + "/README.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines < 250, "README.md has \(lines) lines")
        #expect(text.contains("## Set up in two commands"))
    }
}
