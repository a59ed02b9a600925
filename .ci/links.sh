#!/usr/bin/env bash
# Every relative link and #anchor in README.md and docs/*.md leads somewhere: the file or folder
# exists, and an anchor names a heading (GitHub's slugs) or an <a id> of the file it points into.
# Links with a scheme (https:, mailto:) are not fetched: no network. Links inside code are not links.
# Usage: .ci/links.sh [FILE.md ...]   (default: README.md docs/*.md); prints each broken link as
# file:line: target: why, and exits 1 when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then set -- README.md docs/*.md; fi
exec python3 - "$@" <<'PY'
import os, re, sys, unicodedata

FENCE = re.compile(r'^\s*(`{3,}|~{3,})')
CODE_SPAN = re.compile(r'(`+)(.+?)\1')
LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)')
REFERENCE = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$')
HTML = re.compile(r'<(?:a|img)\b[^>]*?\b(?:href|src)="([^"]*)"', re.I)
HTML_ID = re.compile(r'<a\b[^>]*?\b(?:id|name)="([^"]+)"', re.I)
HEADING = re.compile(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$')


def prose_lines(path):
    """(line number, text) of the lines outside fenced code, with inline code blanked."""
    fence = None
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            match = FENCE.match(line)
            if match:
                marker = match.group(1)
                if fence is None:
                    fence = marker
                elif marker[0] == fence[0] and len(marker) >= len(fence):
                    fence = None
                continue
            if fence is None:
                yield number, line.rstrip('\n')


def slug(heading):
    """GitHub's anchor for a heading: its text, lower case, without punctuation, spaces as dashes."""
    text = CODE_SPAN.sub(lambda m: m.group(2), heading)
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', text)
    text = re.sub(r'<[^>]+>', '', text)
    text = text.strip().lower()
    kept = ''.join(c for c in text
                   if c in ' -_' or unicodedata.category(c)[0] in 'LNM')
    return kept.replace(' ', '-')


anchors_of = {}


def anchors(path):
    if path not in anchors_of:
        found, seen = set(), {}
        for _, line in prose_lines(path):
            match = HEADING.match(line)
            if match:
                base = slug(match.group(2))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f'{base}-{count}')
            found.update(HTML_ID.findall(line))
        anchors_of[path] = found
    return anchors_of[path]


def targets(line):
    line = CODE_SPAN.sub(lambda m: ' ' * len(m.group(0)), line)
    yield from LINK.findall(line)
    yield from HTML.findall(line)
    match = REFERENCE.match(line)
    if match:
        yield match.group(1)


broken = checked = 0
for source in sys.argv[1:]:
    for number, line in prose_lines(source):
        for target in targets(line):
            if re.match(r'^[A-Za-z][A-Za-z0-9+.-]*:', target):
                continue  # another site, a mail address: not fetched
            checked += 1
            path, _, anchor = target.partition('#')
            resolved = os.path.normpath(os.path.join(os.path.dirname(source), path)) if path else source
            why = None
            if not target:
                why = 'an empty link'
            elif not os.path.exists(resolved):
                why = f'{resolved} does not exist'
            elif anchor and resolved.endswith('.md') and anchor not in anchors(resolved):
                why = f'{resolved} has no heading or anchor "#{anchor}"'
            if why:
                broken += 1
                print(f'{source}:{number}: {target}: {why}')

files = len(sys.argv) - 1
if broken:
    print(f'links: {broken} of {checked} relative links in {files} files lead nowhere')
    sys.exit(1)
print(f'links: all {checked} relative links in {files} files lead somewhere')
PY
