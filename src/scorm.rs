//! A SCORM 1.2 package of one view (issue 22): the zip an LMS (Moodle, Canvas, …) imports as one
//! activity. The same code runs in the CLI (`tatbikat package --scorm`) and in the page's packager
//! module (`www/pkg/scorm/package.wasm`, src/scorm_wasm.rs), so both give the same bytes: which
//! site files a view needs ([`files`], read from the site's `precache.js` list), the manifest and
//! the zip ([`build`]: entries sorted, fixed timestamps, deflated by miniz_oxide at a fixed level).
//! A package also opens from disk (`file://`, unzipped and double-clicked), where browsers refuse
//! module scripts, `fetch` and workers: its pages start with `disk/boot.js` instead of the
//! module script `start.js` ([`DISK_BOOT`]), which, served, loads start.js as the site does and,
//! from disk, the site's classic scripts (`disk/`, tools/disk.mjs) and the launch link
//! (`disk/launch.js`, written here).
//!
//! Light on purpose: it reads the link with [`query::home`] and [`query::percent_decode`] only,
//! so the packager module holds no lesson; the CLI checks the whole link with `query::resolve`
//! before it packages it, the page packages links it has already resolved.

use crate::error::Error;
use crate::query;

/// The page key that tells the page it was launched as a package (`scorm=1`, see runtime.js).
pub const KEY: &str = "scorm";

/// Where every page of the site starts (tools/shell.html): the module script start.js.
pub const MODULE_START: &str = r#"<script type="module" src="start.js"></script>"#;
/// Where a package's pages start instead: a classic script, which browsers run from disk too
/// (deferred, as a module script is).
pub const DISK_BOOT: &str = r#"<script src="disk/boot.js" defer></script>"#;
/// The package's own script: its launch link, for its pages opened from disk (disk/boot.js).
pub const DISK_LAUNCH: &str = "disk/launch.js";

/// The largest site file a package takes (`precache.js` included): 16 MiB, thirty times the
/// site's largest file (a lesson's module for disk, `disk/<id>.js`, about 540 KB; the page's
/// budget keeps each lesson's module within 150 KB gzipped). The CLI reads no more.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// The most a package's site files may hold together: 64 MiB (a view's package is under 2 MB
/// unzipped). The package is built in memory, so the CLI reads no more.
pub const MAX_FILES_BYTES: u64 = 64 << 20;

/// What a package needs to know of a link: its lesson, language, claim and the launch query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Launch {
    /// The lesson whose module answers the link (the router's rule, `query::home`).
    pub lesson: &'static str,
    /// `lang=`: `tr` (default) or `en`.
    pub lang: &'static str,
    /// `preset=`, the claim the view shows, if any.
    pub preset: Option<String>,
    /// Whether it is a script lesson (its model the author's script, run in a module worker).
    pub script: bool,
    /// The launch file and its query: the view's page, the link as given with `embed=1` and
    /// `scorm=1` (an LMS frames it; the package holds one lesson, so no tabs lead elsewhere).
    pub href: String,
}

/// The first value of `key` in `query`, decoded (`Err`: it does not decode), as the link's reader
/// takes it; read here alone, so the packager's module holds no lesson (the full reader asks the
/// lessons about every other key).
fn first(query: &str, key: &str) -> Option<Result<String, String>> {
    query
        .split('&')
        .map(|p| p.split_once('=').unwrap_or((p, "")))
        .find(|(k, _)| query::percent_decode(k).as_deref() == Ok(key))
        .map(|(_, v)| query::percent_decode(v))
}

/// Reads `query` (a page link's query) for a package.
pub fn launch(query: &str) -> Result<Launch, Error> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let page = |key: &str| match first(query, key) {
        None => Ok(None),
        Some(Ok(v)) => Ok(Some(v)),
        Some(Err(why)) => Err(Error::bad(key, query, why)),
    };
    let lang = match page("lang")?.as_deref() {
        None | Some("tr") => "tr",
        Some("en") => "en",
        Some(other) => return Err(Error::bad("lang", other, "the languages are tr and en")),
    };
    let preset = page("preset")?;
    let given = page("lesson")?;
    let given_lesson = given.is_some();
    let lesson = query::home(query);
    // The router takes a lesson it does not hold for the first one; a package of another lesson
    // than the one asked for would be a silently different result.
    if let Some(id) = given.filter(|id| id.as_str() != lesson) {
        return Err(Error::bad(
            "lesson",
            &id,
            format!("a lesson of this site ({})", crate::lessons::ids()),
        ));
    }
    // A script lesson (issue 34): its scripts run in a module worker, which a package served
    // by an LMS starts as the site does; opened from disk, its page says it needs serving.
    let script = !crate::lessons::IDS.contains(&lesson);
    let mut pieces: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .filter(|p| {
            let key = p.split_once('=').map_or(*p, |(k, _)| k);
            key != "embed" && key != KEY
        })
        .collect();
    let lesson_piece = format!("lesson={lesson}");
    if !given_lesson {
        pieces.insert(0, &lesson_piece);
    }
    pieces.push("embed=1");
    pieces.push("scorm=1");
    let page_file = if lang == "tr" {
        format!("{lesson}.html")
    } else {
        format!("{lesson}.{lang}.html")
    };
    Ok(Launch {
        lesson,
        lang,
        preset,
        script,
        href: format!("{page_file}?{}", pieces.join("&")),
    })
}

/// Tells the registry the site's script lessons (each has `lessons/<id>/lesson.txt`), so a link
/// of one is its own (the packager's module holds no lesson; the page's router is told alike).
fn know_scripts<'a>(ids: impl Iterator<Item = &'a str>) {
    let ids: Vec<&str> = ids
        .filter(|id| {
            !id.is_empty()
                && id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        })
        .collect();
    crate::lessons::know(&ids);
}

/// Whether `path` names a file inside the site's folder: relative, `/`-separated, with no empty,
/// `.` or `..` part and no backslash or NUL.
fn plain_path(path: &str) -> bool {
    !path.contains(['\\', '\0'])
        && path
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
}

/// The site's files a package of `query` holds, sorted: from the site's `precache.js` (written by
/// tools/precache.mjs: every file with the lesson it belongs to), the shell every lesson needs
/// (`""`) but the packager's module, the lesson's own module and texts (`<id>`), its view's
/// pages (`<id>/view`) and its speed module (`<id>/speed`: the pool's workers run it in the LMS as
/// on the site); no other lesson's files; and what opens it from disk: `disk/boot.js`,
/// `disk/page.js` and `disk/<id>.js` (tools/disk.mjs builds them, precache.js leaves them out).
pub fn files(query: &str, precache: &str) -> Result<Vec<String>, Error> {
    know_scripts(precache.lines().filter_map(|l| {
        l.trim()
            .strip_prefix("[\"lessons/")?
            .split_once("/lesson.txt\"")
            .map(|(id, _)| id)
    }));
    let launch = launch(query)?;
    let view = format!("{}/view", launch.lesson);
    let speed = format!("{}/speed", launch.lesson);
    let mut out = Vec::new();
    for line in precache.lines() {
        // `["path", "sha256-…", "lesson", bytes, gzip],` as JSON.stringify wrote it.
        let Some(entry) = line.trim().strip_prefix('[') else {
            continue;
        };
        let Some((path, rest)) = json_string(entry) else {
            continue;
        };
        let Some((_hash, rest)) =
            json_string(rest.trim_start().trim_start_matches(',').trim_start())
        else {
            continue;
        };
        let Some((lesson, _)) = json_string(rest.trim_start().trim_start_matches(',').trim_start())
        else {
            continue;
        };
        // A path that could leave the site's folder (read by the CLI, a zip entry in the package):
        // refused, naming it. tools/precache.mjs writes plain relative paths only.
        if !plain_path(&path) {
            return Err(Error::bad(
                "precache.js",
                &path,
                "a path inside the site: relative, with no empty, '.' or '..' part and no backslash",
            ));
        }
        // The packager module makes packages; a package does not need it.
        let packager = path.starts_with("pkg/scorm/");
        // A script lesson's shared files (its module, the script worker) are grouped under
        // every script lesson's id: `replica,outbox`.
        let ours = lesson.split(',').any(|l| l == launch.lesson);
        if (lesson.is_empty() && !packager) || ours || lesson == view || lesson == speed {
            out.push(path);
        }
    }
    if out.is_empty() {
        return Err(Error::usage(
            "the site's precache.js lists no files: build the site first (./build.sh build)",
        ));
    }
    // What opens it from disk (tools/disk.mjs): not in the site's offline copy, which never
    // loads them.
    // A script lesson's page from disk only says it needs serving (disk/boot.js).
    out.push("disk/boot.js".to_string());
    if !launch.script {
        out.extend([
            "disk/page.js".to_string(),
            format!("disk/{}.js", launch.lesson),
        ]);
    }
    out.sort();
    Ok(out)
}

/// A built package: its file name and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Package {
    /// `tatbikat-<lesson>[-<claim>]-<lang>.zip`.
    pub name: String,
    /// The zip.
    pub bytes: Vec<u8>,
}

/// The package of `query` from the site's `files` (path and bytes, as [`files`] listed them):
/// `imsmanifest.xml` (one SCO, the title and description in the link's language, from the
/// lesson's texts among the files) and the files, as one zip.
pub fn build(query: &str, files: &[(String, Vec<u8>)]) -> Result<Package, Error> {
    know_scripts(files.iter().filter_map(|(p, _)| {
        p.strip_prefix("lessons/")?
            .strip_suffix("/lesson.txt")
            .filter(|id| !id.contains('/'))
    }));
    let launch = launch(query)?;
    let texts_path = format!("i18n/lesson/{}.{}.js", launch.lesson, launch.lang);
    let texts = files
        .iter()
        .find(|(p, _)| *p == texts_path)
        .and_then(|(_, b)| std::str::from_utf8(b).ok())
        .ok_or_else(|| {
            Error::usage(format!(
                "the site has no texts of {} in {} ({texts_path})",
                launch.lesson, launch.lang
            ))
        })?;
    let text = |key: String| text_of(texts, &key);
    let lesson_title = text(format!("lesson.{}", launch.lesson)).unwrap_or_default();
    let title = format!("tatbikat — {lesson_title}");
    let description = launch
        .preset
        .as_ref()
        .and_then(|p| text(format!("claim.{p}")))
        .or_else(|| text(format!("intro.{}", launch.lesson)))
        .unwrap_or_else(|| lesson_title.clone());
    let pages = files
        .iter()
        .filter(|(p, _)| p.ends_with(".html"))
        .map(|(p, b)| Ok((p.as_str(), disk_page(p, b)?)))
        .collect::<Result<Vec<_>, Error>>()?;
    let launch_js = launch_script(&launch);
    let mut paths: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    paths.push(DISK_LAUNCH);
    paths.sort_unstable();
    let manifest = manifest(&launch, &title, &description, &paths);
    let mut entries: Vec<(&str, &[u8])> = files
        .iter()
        .filter(|(p, _)| !p.ends_with(".html"))
        .map(|(p, b)| (p.as_str(), b.as_slice()))
        .collect();
    entries.extend(pages.iter().map(|(p, b)| (*p, b.as_bytes())));
    entries.push((DISK_LAUNCH, launch_js.as_bytes()));
    entries.push(("imsmanifest.xml", manifest.as_bytes()));
    entries.sort_by(|a, b| a.0.cmp(b.0));
    let claim = launch
        .preset
        .as_deref()
        .and_then(|p| p.strip_prefix(launch.lesson))
        .and_then(|p| p.strip_prefix('.'))
        .filter(|p| {
            p.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .map(|p| format!("-{p}"))
        .unwrap_or_default();
    Ok(Package {
        name: format!("tatbikat-{}{claim}-{}.zip", launch.lesson, launch.lang),
        bytes: zip(&entries),
    })
}

/// Page `path` of the site (`bytes`) as a package holds it: started by [`DISK_BOOT`] in place of
/// [`MODULE_START`], so it opens from disk too. A page without that script is refused: the
/// package would open nowhere.
fn disk_page(path: &str, bytes: &[u8]) -> Result<String, Error> {
    let text = std::str::from_utf8(bytes).ok();
    match text.filter(|t| t.matches(MODULE_START).count() == 1) {
        Some(t) => Ok(t.replacen(MODULE_START, DISK_BOOT, 1)),
        None => Err(Error::usage(format!(
            "the site's page {path} does not start with {MODULE_START} once: a package of it would not open"
        ))),
    }
}

/// `disk/launch.js`: the launch link's lesson and query, which a page opened from disk (no
/// query: a double-click) takes as its link.
fn launch_script(launch: &Launch) -> String {
    let query = launch.href.split_once('?').map_or("", |(_, q)| q);
    // A script lesson's page from disk says it needs serving (disk/boot.js reads `script`).
    let script = if launch.script {
        ",\"script\":true"
    } else {
        ""
    };
    format!(
        "// tatbikat: this package's launch link, for its pages opened from disk (disk/boot.js).\n\
         (globalThis.TATBIKAT_DISK ??= {{}}).launch = {{\"lesson\":{},\"query\":{}{script}}};\n",
        crate::jsfmt::json_string(launch.lesson),
        crate::jsfmt::json_string(query),
    )
}

/// The text of `key` in a lesson's texts file (`export default {"key":"text",...};`, written by
/// JSON.stringify in tools/texts.mjs: keys are unique, every value a string).
fn text_of(js: &str, key: &str) -> Option<String> {
    let mut rest = js;
    while let Some(at) = rest.find('"') {
        let (k, after) = json_string(&rest[at..])?;
        let after = after.trim_start();
        match after.strip_prefix(':') {
            Some(value) => {
                let (v, after) = json_string(value.trim_start())?;
                if k == key {
                    return Some(v);
                }
                rest = after;
            }
            None => rest = after,
        }
    }
    None
}

/// The JSON string literal at the start of `s`, unescaped, and what follows it; None if `s` does
/// not start with one. (serde_json's reader would bring its number parsing into the packager's
/// module: 40 KB gzip for three strings.)
fn json_string(s: &str) -> Option<(String, &str)> {
    let mut chars = s.strip_prefix('"')?.char_indices();
    let mut out = String::new();
    let body = &s[1..];
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &body[i + 1..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => out.push('\r'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                'u' => {
                    fn hex(chars: &mut std::str::CharIndices) -> Option<u32> {
                        let mut n = 0;
                        for _ in 0..4 {
                            n = n * 16 + chars.next()?.1.to_digit(16)?;
                        }
                        Some(n)
                    }
                    let mut unit = hex(&mut chars)?;
                    if (0xd800..0xdc00).contains(&unit) {
                        // A surrogate pair: \uD83D\uDE00.
                        let (_, '\\') = chars.next()? else {
                            return None;
                        };
                        let (_, 'u') = chars.next()? else { return None };
                        let low = hex(&mut chars)?;
                        unit = 0x10000 + ((unit - 0xd800) << 10) + (low.checked_sub(0xdc00)?);
                    }
                    out.push(char::from_u32(unit)?);
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// `text` with XML's five special characters escaped.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The manifest: IMS Content Packaging 1.1.2 with ADL's SCORM 1.2 extensions, one organization,
/// one item, one SCO resource listing every file; the title and description also as inline LOM
/// metadata in the link's language.
pub fn manifest(launch: &Launch, title: &str, description: &str, paths: &[&str]) -> String {
    let (title, description, lang) = (xml(title), xml(description), launch.lang);
    let id = format!("tatbikat-{}", launch.lesson);
    let mut m = String::new();
    m.push_str(r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    m.push('\n');
    m.push_str(&format!(
        r#"<manifest identifier="{id}" version="1.2" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2" xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_rootv1p2p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
    <imsmd:lom>
      <imsmd:general>
        <imsmd:title><imsmd:langstring xml:lang="{lang}">{title}</imsmd:langstring></imsmd:title>
        <imsmd:language>{lang}</imsmd:language>
        <imsmd:description><imsmd:langstring xml:lang="{lang}">{description}</imsmd:langstring></imsmd:description>
      </imsmd:general>
    </imsmd:lom>
  </metadata>
  <organizations default="{id}-org">
    <organization identifier="{id}-org">
      <title>{title}</title>
      <item identifier="{id}-item" identifierref="{id}-sco" isvisible="true">
        <title>{title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="{id}-sco" type="webcontent" adlcp:scormtype="sco" href="{href}">
"#,
        href = xml(&launch.href),
    ));
    for path in paths {
        m.push_str(&format!("      <file href=\"{}\"/>\n", xml(path)));
    }
    m.push_str("    </resource>\n  </resources>\n</manifest>\n");
    m
}

/// MS-DOS date of every entry: 1980-01-01 (the format's first day), time 00:00, so the same
/// files give the same zip whenever it is built.
const DOS_DATE: u16 = (1 << 5) | 1;
/// The deflate level (miniz_oxide's default); fixed, so both faces compress alike.
const LEVEL: u8 = 6;

/// A zip of `entries` in the order given: each deflated, or stored where deflate does not make
/// it smaller; UTF-8 names, no extra fields, no comment. Zip64 is not needed: a package is a
/// few megabytes.
pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    fn u16le(out: &mut Vec<u8>, v: u16) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    fn u32le(out: &mut Vec<u8>, v: u32) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in entries {
        let crc = crc32fast::hash(data);
        let deflated = miniz_oxide::deflate::compress_to_vec(data, LEVEL);
        let (method, body): (u16, &[u8]) = if deflated.len() < data.len() {
            (8, &deflated)
        } else {
            (0, data)
        };
        let offset = out.len() as u32;
        // Local file header: version 2.0, bit 11 (names in UTF-8).
        u32le(&mut out, 0x0403_4b50);
        for v in [20, 0x0800, method, 0, DOS_DATE] {
            u16le(&mut out, v);
        }
        for v in [crc, body.len() as u32, data.len() as u32] {
            u32le(&mut out, v);
        }
        u16le(&mut out, name.len() as u16);
        u16le(&mut out, 0);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(body);
        // Its central directory record.
        u32le(&mut central, 0x0201_4b50);
        for v in [20, 20, 0x0800, method, 0, DOS_DATE] {
            u16le(&mut central, v);
        }
        for v in [crc, body.len() as u32, data.len() as u32] {
            u32le(&mut central, v);
        }
        for v in [name.len() as u16, 0, 0, 0, 0] {
            u16le(&mut central, v);
        }
        u32le(&mut central, 0);
        u32le(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let start = out.len() as u32;
    out.extend_from_slice(&central);
    u32le(&mut out, 0x0605_4b50);
    for v in [0, 0, entries.len() as u16, entries.len() as u16] {
        u16le(&mut out, v);
    }
    u32le(&mut out, central.len() as u32);
    u32le(&mut out, start);
    u16le(&mut out, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_the_site_does_not_have_is_refused_not_swapped_for_another() {
        for query in ["lesson=nope", "lesson=nope&controls=0"] {
            let Err(err) = launch(query) else {
                panic!("{query} was accepted")
            };
            let err = err.message();
            assert!(err.starts_with("parameter lesson = \"nope\""), "{err}");
            assert!(err.contains("a lesson of this site (supervisor,"), "{err}");
        }
        let jobs = launch("lesson=jobs").unwrap();
        assert_eq!((jobs.lesson, jobs.script), ("jobs", false));
    }

    #[test]
    fn a_script_lessons_package_holds_its_folder_and_the_script_tier_and_no_disk_page() {
        let precache = r#"export default [
["index.html", "sha256-a", "", 10, 5],
["lessons/zz_script/lesson.txt", "sha256-b", "zz_script", 10, 5],
["lessons/zz_script/olc.mjs", "sha256-c", "zz_script", 10, 5],
["pkg/script.wasm", "sha256-d", "zz_other,zz_script", 10, 5],
["pkg/jobs.wasm", "sha256-e", "jobs", 10, 5],
["zz_script.html", "sha256-f", "zz_script/view", 10, 5],
];"#;
        let files = files("lesson=zz_script", precache).unwrap();
        assert_eq!(
            files,
            [
                "disk/boot.js",
                "index.html",
                "lessons/zz_script/lesson.txt",
                "lessons/zz_script/olc.mjs",
                "pkg/script.wasm",
                "zz_script.html"
            ]
        );
        let l = launch("lesson=zz_script&lang=en").unwrap();
        assert!(l.script);
        assert!(launch_script(&l).contains(r#""script":true"#));
        assert!(!launch_script(&launch("lesson=jobs").unwrap()).contains("script\":"));
    }

    #[test]
    fn the_launch_link_is_the_view_framed_and_marked() {
        let l =
            launch("?lesson=quotas&preset=quotas.starvation&predict=1&lang=en&embed=0").unwrap();
        assert_eq!(l.lesson, "quotas");
        assert_eq!(l.lang, "en");
        assert_eq!(l.preset.as_deref(), Some("quotas.starvation"));
        assert_eq!(
            l.href,
            "quotas.en.html?lesson=quotas&preset=quotas.starvation&predict=1&lang=en&embed=1&scorm=1"
        );
        // A claim names its lesson; the Turkish page is the lesson's own.
        let l = launch("preset=jobs.overlap").unwrap();
        assert_eq!(
            l.href,
            "jobs.html?lesson=jobs&preset=jobs.overlap&embed=1&scorm=1"
        );
        let e = launch("lesson=jobs&lang=de").unwrap_err();
        assert_eq!(
            (e.param.as_deref(), e.value.as_deref()),
            (Some("lang"), Some("de"))
        );
    }

    #[test]
    fn files_are_the_shell_and_the_lessons_own() {
        let precache = r#"self.TATBIKAT_PRECACHE = {
  files: [
    ["app.js", "sha256-a", "", 10, 5],
    ["pkg/scorm/package.wasm", "sha256-p", "", 10, 5],
    ["i18n/lesson/jobs.en.js", "sha256-b", "jobs", 10, 5],
    ["i18n/lesson/quotas.en.js", "sha256-c", "quotas", 10, 5],
    ["pkg/quotas.wasm", "sha256-d", "quotas", 10, 5],
    ["pkg/speed/jobs.wasm", "sha256-g", "jobs/speed", 10, 5],
    ["pkg/speed/quotas.wasm", "sha256-h", "quotas/speed", 10, 5],
    ["quotas.en.html", "sha256-e", "quotas/view", 10, 5],
    ["jobs.html", "sha256-f", "jobs/view", 10, 5],
  ],
};"#;
        assert_eq!(
            files("lesson=quotas", precache).unwrap(),
            [
                "app.js",
                "disk/boot.js",
                "disk/page.js",
                "disk/quotas.js",
                "i18n/lesson/quotas.en.js",
                "pkg/quotas.wasm",
                "pkg/speed/quotas.wasm",
                "quotas.en.html"
            ]
        );
        assert!(files("lesson=quotas", "").is_err());
    }

    #[test]
    fn a_listed_path_that_could_leave_the_site_is_refused_by_name() {
        for bad in [
            "/outside-the-site/app.js",
            "../secret.js",
            "pkg/../../x",
            "a//b",
            "./app.js",
            "a\\b.js",
            "",
        ] {
            let precache = format!("  files: [\n    [{bad:?}, \"sha256-a\", \"\", 10, 5],\n  ],");
            let e = files("lesson=quotas", &precache).unwrap_err();
            assert_eq!(
                (e.param.as_deref(), e.value.as_deref()),
                (Some("precache.js"), Some(bad)),
                "{bad}"
            );
        }
    }

    #[test]
    fn pages_start_from_disk_too_and_know_their_launch_link() {
        let page = format!("<head>{MODULE_START}</head><body>start.js</body>");
        assert_eq!(
            disk_page("a.html", page.as_bytes()).unwrap(),
            format!("<head>{DISK_BOOT}</head><body>start.js</body>")
        );
        assert!(disk_page("a.html", b"<head></head>").is_err());
        let twice = MODULE_START.repeat(2);
        assert!(disk_page("a.html", twice.as_bytes()).is_err());
        let l = launch("lesson=quotas&x=%22a%5C%22&lang=en").unwrap();
        assert_eq!(
            launch_script(&l).lines().nth(1),
            Some(
                r#"(globalThis.TATBIKAT_DISK ??= {}).launch = {"lesson":"quotas","query":"lesson=quotas&x=%22a%5C%22&lang=en&embed=1&scorm=1"};"#
            )
        );
        assert_eq!(
            crate::jsfmt::json_string("a\"b\\c</\n\u{2028}"),
            r#""a\"b\\c\u003c/\u000a\u2028""#
        );
    }

    #[test]
    fn a_zip_reads_back_and_is_the_same_every_time() {
        let big = "tatbikat ".repeat(200);
        let entries: [(&str, &[u8]); 2] = [("a.txt", b"hi"), ("b/c.txt", big.as_bytes())];
        let z = zip(&entries);
        assert_eq!(z, zip(&entries));
        // End of central directory: two entries; the first local header stores "hi" (deflate
        // would not make it smaller), the second is deflated.
        let eocd = z.len() - 22;
        assert_eq!(&z[eocd..eocd + 4], &[0x50, 0x4b, 0x05, 0x06]);
        assert_eq!(u16::from_le_bytes([z[eocd + 10], z[eocd + 11]]), 2);
        assert_eq!(u16::from_le_bytes([z[8], z[9]]), 0);
        assert_eq!(&z[30..35], b"a.txt");
        assert_eq!(&z[35..37], b"hi");
        assert_eq!(
            u32::from_le_bytes(z[14..18].try_into().unwrap()),
            crc32fast::hash(b"hi")
        );
        let second = 37;
        assert_eq!(u16::from_le_bytes([z[second + 8], z[second + 9]]), 8);
        let size = u32::from_le_bytes(z[second + 18..second + 22].try_into().unwrap()) as usize;
        assert!(size < big.len() / 10, "deflated to {size} bytes");
        let body = &z[second + 30 + 7..second + 30 + 7 + size];
        assert_eq!(
            miniz_oxide::inflate::decompress_to_vec(body).unwrap(),
            big.as_bytes()
        );
    }

    #[test]
    fn texts_are_read_as_json_strings() {
        let js = "// generated\nexport default {\"a\":\"x\\\"y\",\"lesson.q\":\"T\\u00fcrk \\ud83d\\ude00 \\\\ ş\"};\n";
        assert_eq!(text_of(js, "a").as_deref(), Some("x\"y"));
        assert_eq!(text_of(js, "lesson.q").as_deref(), Some("Türk 😀 \\ ş"));
        assert_eq!(text_of(js, "x"), None);
        // The same as serde_json reads it.
        let body = js
            .split("export default ")
            .nth(1)
            .unwrap()
            .trim_end()
            .trim_end_matches(';');
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["lesson.q"].as_str(), text_of(js, "lesson.q").as_deref());
    }

    #[test]
    fn the_manifest_names_one_sco_in_the_links_language() {
        let l = launch("lesson=quotas&lang=en").unwrap();
        let m = manifest(&l, "tatbikat — A & B", "<why>", &["a.js", "quotas.en.html"]);
        assert!(m.contains("<schema>ADL SCORM</schema>"));
        assert!(m.contains("<schemaversion>1.2</schemaversion>"));
        assert!(m.contains(r#"adlcp:scormtype="sco" href="quotas.en.html?lesson=quotas&amp;lang=en&amp;embed=1&amp;scorm=1""#));
        assert!(m.contains("<title>tatbikat — A &amp; B</title>"));
        assert!(m.contains(r#"<imsmd:langstring xml:lang="en">&lt;why&gt;</imsmd:langstring>"#));
        assert_eq!(m.matches("<file href=").count(), 2);
        assert_eq!(m.matches("adlcp:scormtype=\"sco\"").count(), 1);
    }
}
