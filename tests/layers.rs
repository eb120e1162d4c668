//! The core's layers import one way: no cycle among the files of `src/` (a folder's `mod.rs`
//! is a file like the others), nor among its top-level modules (a file or folder of `src/` and
//! everything in it). Read from the source with syn, as rust-analyzer checks its crate graph:
//! an import that runs back up fails here, naming the files and the paths that make the cycle.
//!
//! What counts as an import: every `crate::`, `super::` and `self::` path (in `use` items, code,
//! types and macro calls), a path through a name a `use` brought in, and a child module's name
//! used as a path. A re-export counts as an import of the file that defines the item, so a path
//! through a folder's `pub use` reaches the file behind it. Test code (`#[cfg(test)]`) may reach
//! up and is left out. `src/cli/` is the CLI's own crate (it sees the core as `tatbikat::`).
//!
//! Beyond cycles, the same edges keep two rules: the top-level modules' order ([`ORDER`], the
//! one ARCHITECTURE.md's code map states: an import runs down it or stays in its rank), and a
//! lesson's isolation (a lesson folder imports no other lesson and not the registry; nothing
//! outside its folder but the registry, `src/lessons/mod.rs`, names a lesson's module — the
//! CLI's crate included, read on its own: [`cli_problems`]).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

type ModPath = Vec<String>;
/// `(from, to)` file indices → the paths that make the import.
type Edges = BTreeMap<(usize, usize), BTreeSet<String>>;

/// One source file of the library: its module path and what it defines and imports.
struct File {
    path: PathBuf,
    module: ModPath,
    /// Items it defines (functions, types, traits, constants, macros, child modules).
    defines: BTreeSet<String>,
    /// Its `use` items: the name each brings in → the absolute path (`*` for a glob).
    uses: Vec<(String, ModPath)>,
    /// Every path it refers to, absolute (`crate` left off), with where it was written.
    refs: Vec<ModPath>,
    /// Child modules declared here (`mod x;`).
    children: BTreeSet<String>,
}

fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && {
            let mut test = false;
            let _ = a.parse_nested_meta(|m| {
                test |= m.path.is_ident("test");
                Ok(())
            });
            test
        }
    })
}

fn attrs_of(item: &syn::Item) -> &[syn::Attribute] {
    use syn::Item::*;
    match item {
        Const(i) => &i.attrs,
        Enum(i) => &i.attrs,
        ExternCrate(i) => &i.attrs,
        Fn(i) => &i.attrs,
        ForeignMod(i) => &i.attrs,
        Impl(i) => &i.attrs,
        Macro(i) => &i.attrs,
        Mod(i) => &i.attrs,
        Static(i) => &i.attrs,
        Struct(i) => &i.attrs,
        Trait(i) => &i.attrs,
        TraitAlias(i) => &i.attrs,
        Type(i) => &i.attrs,
        Union(i) => &i.attrs,
        Use(i) => &i.attrs,
        _ => &[],
    }
}

/// An absolute path for `segments` written in `module`, if it starts inside the crate.
fn absolute(module: &ModPath, segments: &[String]) -> Option<ModPath> {
    let mut base = module.clone();
    let mut rest = segments;
    match rest.first().map(String::as_str) {
        Some("crate" | "$crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// Collects the paths of one file's non-test code.
struct Collector<'a> {
    module: &'a ModPath,
    /// Names a `use` of this file brought in → absolute path (to resolve `query::encode`).
    aliases: &'a BTreeMap<String, ModPath>,
    children: &'a BTreeSet<String>,
    refs: Vec<ModPath>,
}

impl Collector<'_> {
    fn add(&mut self, segments: Vec<String>) {
        if let Some(abs) = absolute(self.module, &segments) {
            self.refs.push(abs);
        } else if let Some(first) = segments.first() {
            if let Some(target) = self.aliases.get(first) {
                let mut abs = target.clone();
                abs.extend(segments[1..].iter().cloned());
                self.refs.push(abs);
            } else if self.children.contains(first) && segments.len() > 1 {
                let mut abs = self.module.clone();
                abs.extend(segments.iter().cloned());
                self.refs.push(abs);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Collector<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        if !is_test(attrs_of(item)) {
            syn::visit::visit_item(self, item);
        }
    }
    fn visit_visibility(&mut self, _: &'ast syn::Visibility) {
        // `pub(super)` names a module that may see the item, not one it uses.
    }
    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {
        // `use` items are read on their own (see `use_tree`).
    }
    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.add(path.segments.iter().map(|s| s.ident.to_string()).collect());
        syn::visit::visit_path(self, path);
    }
    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        // Macro arguments are tokens: find `crate :: a :: b` (and `$crate`, `super`) in them.
        tokens(mac.tokens.clone(), &mut |segments| self.add(segments));
        syn::visit::visit_macro(self, mac);
    }
}

/// Every `ident (:: ident)+` run in a token stream that starts at crate, self, super or $crate.
fn tokens(stream: proc_macro2::TokenStream, out: &mut dyn FnMut(Vec<String>)) {
    use proc_macro2::TokenTree;
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Group(g) => tokens(g.stream(), out),
            TokenTree::Ident(id) => {
                let dollar = i > 0
                    && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '$')
                    && id == "crate";
                let start = id.to_string();
                if dollar || ["crate", "self", "super"].contains(&start.as_str()) {
                    let mut segments = vec![if dollar { "$crate".into() } else { start }];
                    let mut j = i + 1;
                    while j + 2 < trees.len() + 1 {
                        let colons = matches!((&trees.get(j), &trees.get(j + 1)),
                            (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
                            if a.as_char() == ':' && b.as_char() == ':');
                        match (colons, trees.get(j + 2)) {
                            (true, Some(TokenTree::Ident(next))) => {
                                segments.push(next.to_string());
                                j += 3;
                            }
                            _ => break,
                        }
                    }
                    out(segments);
                    i = j;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// The names a `use` tree brings in, with their paths as written.
fn use_tree(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_tree(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                out.push((prefix.last().cloned().unwrap_or_default(), prefix.clone()));
            } else {
                let mut full = prefix.clone();
                full.push(name.clone());
                out.push((name, full));
            }
        }
        syn::UseTree::Rename(r) => {
            let mut full = prefix.clone();
            full.push(r.ident.to_string());
            out.push((r.rename.to_string(), full));
        }
        syn::UseTree::Glob(_) => out.push(("*".into(), prefix.clone())),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                use_tree(t, prefix, out);
            }
        }
    }
}

fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut m: ModPath = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if matches!(m.last().map(String::as_str), Some("mod" | "lib")) {
        m.pop();
    }
    m
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Reads every file of the library under `src` (without `src/cli`, the CLI's crate).
fn read(src: &Path) -> Vec<File> {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    paths.retain(|p| !p.starts_with(src.join("cli")));
    let mut files = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let ast = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("{} does not parse: {e}", path.display()));
        let module = module_of(src, &path);
        let items: Vec<&syn::Item> = ast.items.iter().filter(|i| !is_test(attrs_of(i))).collect();
        let mut defines = BTreeSet::new();
        let mut children = BTreeSet::new();
        let mut written = Vec::new();
        for item in &items {
            use syn::Item::*;
            let name = match item {
                Const(i) => Some(i.ident.to_string()),
                Enum(i) => Some(i.ident.to_string()),
                Fn(i) => Some(i.sig.ident.to_string()),
                Static(i) => Some(i.ident.to_string()),
                Struct(i) => Some(i.ident.to_string()),
                Trait(i) => Some(i.ident.to_string()),
                Type(i) => Some(i.ident.to_string()),
                Union(i) => Some(i.ident.to_string()),
                Macro(i) => i.ident.as_ref().map(|i| i.to_string()),
                Mod(i) => {
                    children.insert(i.ident.to_string());
                    None
                }
                Use(u) => {
                    use_tree(&u.tree, &mut Vec::new(), &mut written);
                    None
                }
                _ => None,
            };
            defines.extend(name);
        }
        // A `use` path is absolute, or starts at a child module, or is another crate's.
        let mut uses = Vec::new();
        for (name, segments) in written {
            let abs = absolute(&module, &segments).or_else(|| {
                children.contains(&segments[0]).then(|| {
                    let mut m = module.clone();
                    m.extend(segments.iter().cloned());
                    m
                })
            });
            if let Some(abs) = abs {
                uses.push((name, abs));
            }
        }
        let aliases: BTreeMap<String, ModPath> =
            uses.iter().filter(|(n, _)| n != "*").cloned().collect();
        let mut collector = Collector {
            module: &module,
            aliases: &aliases,
            children: &children,
            refs: uses.iter().map(|(_, p)| p.clone()).collect(),
        };
        for item in &items {
            collector.visit_item(item);
        }
        let refs = collector.refs;
        files.push(File {
            path,
            module,
            defines,
            uses,
            refs,
            children,
        });
    }
    files
}

/// The file that defines what `path` names: the deepest module on it, then through that
/// module's re-exports (`pub use`, globs) to where the item is defined.
fn resolve(
    files: &[File],
    by_module: &BTreeMap<ModPath, usize>,
    path: &ModPath,
    depth: u32,
) -> Option<usize> {
    let mut at = None;
    let mut k = 0;
    for i in 0..=path.len() {
        if let Some(&f) = by_module.get(&path[..i].to_vec()) {
            at = Some(f);
            k = i;
        }
    }
    let f = at?;
    let Some(name) = path.get(k) else {
        return Some(f);
    };
    if depth > 8 || files[f].defines.contains(name) || files[f].children.contains(name) {
        return Some(f);
    }
    // `#[macro_export]` macros live at the crate's root, defined wherever they are written.
    if k == 0 {
        if let Some(def) = files.iter().position(|x| x.defines.contains(name)) {
            return Some(def);
        }
    }
    for (n, target) in &files[f].uses {
        let through = if n == name {
            Some(
                target
                    .iter()
                    .chain(&path[k + 1..])
                    .cloned()
                    .collect::<ModPath>(),
            )
        } else if n == "*" {
            let mut t = target.clone();
            t.extend(path[k..].iter().cloned());
            resolve(files, by_module, &t, depth + 1)
                .filter(|&g| g != f && files[g].defines.contains(name))
                .map(|_| t)
        } else {
            None
        };
        if let Some(t) = through {
            return resolve(files, by_module, &t, depth + 1).or(Some(f));
        }
    }
    Some(f)
}

/// The graph's cycles (strongly connected components of more than one node), Tarjan's way.
fn cycles<N: Ord + Clone>(edges: &BTreeMap<N, BTreeSet<N>>) -> Vec<Vec<N>> {
    struct T<'a, N> {
        edges: &'a BTreeMap<N, BTreeSet<N>>,
        index: BTreeMap<N, usize>,
        low: BTreeMap<N, usize>,
        stack: Vec<N>,
        out: Vec<Vec<N>>,
    }
    fn visit<N: Ord + Clone>(t: &mut T<N>, v: &N) {
        let i = t.index.len();
        t.index.insert(v.clone(), i);
        t.low.insert(v.clone(), i);
        t.stack.push(v.clone());
        for w in t.edges.get(v).into_iter().flatten() {
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if t.stack.contains(w) {
                let iw = t.index[w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if t.low[v] == t.index[v] {
            let mut scc = Vec::new();
            while let Some(w) = t.stack.pop() {
                let done = &w == v;
                scc.push(w);
                if done {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort();
                t.out.push(scc);
            }
        }
    }
    let mut t = T {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    t.out
}

/// The edges between files (`from → to`, with the paths that make each) of the crate at `src`.
fn file_edges(src: &Path) -> (Vec<File>, Edges) {
    let files = read(src);
    let by_module: BTreeMap<ModPath, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let mut edges = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        for r in &f.refs {
            if let Some(j) = resolve(&files, &by_module, r, 0) {
                if j != i {
                    edges
                        .entry((i, j))
                        .or_insert_with(BTreeSet::new)
                        .insert(r.join("::"));
                }
            }
        }
    }
    (files, edges)
}

/// `path` as written under `src` (`sweep/part.rs`).
fn relative(src: &Path, path: &Path) -> String {
    path.strip_prefix(src).unwrap().display().to_string()
}

/// Every cycle of `src`'s files and of its top-level modules, described; empty when it has none.
fn problems(src: &Path) -> Vec<String> {
    let (files, edges) = file_edges(src);
    let name = |i: usize| relative(src, &files[i].path);
    let top = |i: usize| {
        files[i]
            .module
            .first()
            .cloned()
            .unwrap_or_else(|| "lib.rs".into())
    };
    let why = |a: usize, b: usize| {
        let paths: Vec<_> = edges[&(a, b)].iter().take(3).cloned().collect();
        format!("{} → {} ({})", name(a), name(b), paths.join(", "))
    };
    let mut out = Vec::new();
    let mut graph: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for &(a, b) in edges.keys() {
        graph.entry(a).or_default().insert(b);
    }
    for scc in cycles(&graph) {
        let inside: Vec<String> = edges
            .keys()
            .filter(|(a, b)| scc.contains(a) && scc.contains(b))
            .map(|&(a, b)| why(a, b))
            .collect();
        out.push(format!(
            "files import each other in a cycle:\n  {}",
            inside.join("\n  ")
        ));
    }
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for &(a, b) in edges.keys() {
        if top(a) != top(b) {
            folders.entry(top(a)).or_default().insert(top(b));
        }
    }
    for scc in cycles(&folders) {
        let inside: Vec<String> = edges
            .keys()
            .filter(|&&(a, b)| top(a) != top(b) && scc.contains(&top(a)) && scc.contains(&top(b)))
            .map(|&(a, b)| why(a, b))
            .collect();
        out.push(format!(
            "top-level modules {} import each other in a cycle:\n  {}",
            scc.join(", "),
            inside.join("\n  ")
        ));
    }
    out
}

/// The top-level modules bottom up, in ranks: a module imports only its own rank and those below
/// (within a rank, one way: the cycle check). ARCHITECTURE.md's code map says the same order
/// (`architecture_states_the_order`). `lib.rs` declares them all and stands above.
const ORDER: &[&[&str]] = &[
    &["error", "jsfmt", "rng", "stats", "parallel"],
    &["params"],
    &["chart", "report", "trace", "script", "search"],
    &["presets"],
    &["challenge"],
    &["lesson"],
    &["lessons"],
    &["query"],
    &["sweep", "compare", "find"],
    &["render"],
    &["csv"],
    &["bench", "scorm", "wasm", "route", "scorm_wasm"],
];

/// The lesson folders of `src` (`src/lessons/<id>/`).
fn lesson_ids(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src.join("lessons"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect()
}

/// Every import against the order or a lesson's isolation in `src`, described.
fn rule_problems(src: &Path) -> Vec<String> {
    let (files, edges) = file_edges(src);
    let ids = lesson_ids(src);
    let name = |i: usize| relative(src, &files[i].path);
    let rank = |top: &str| ORDER.iter().position(|r| r.contains(&top));
    // The lesson folder a file is in, if any.
    let lesson = |i: usize| {
        let m = &files[i].module;
        (m.len() >= 2 && m[0] == "lessons" && ids.contains(&m[1])).then(|| m[1].clone())
    };
    let registry = |i: usize| files[i].module == ["lessons"];
    let mut out = Vec::new();
    for f in &files {
        if let Some(top) = f.module.first() {
            if rank(top).is_none() {
                out.push(format!(
                    "{} is a top-level module the order does not place: add it to ORDER in tests/layers.rs and to ARCHITECTURE.md's code map",
                    top
                ));
            }
        }
    }
    out.sort();
    out.dedup();
    for (&(a, b), paths) in &edges {
        let paths: Vec<_> = paths.iter().take(3).cloned().collect();
        let why = format!("{} → {} ({})", name(a), name(b), paths.join(", "));
        let (ta, tb) = (files[a].module.first(), files[b].module.first());
        if let (Some(ta), Some(tb)) = (ta, tb) {
            if let (Some(ra), Some(rb)) = (rank(ta), rank(tb)) {
                if rb > ra {
                    out.push(format!(
                        "{ta} imports {tb}, which is above it in the layers' order: {why}"
                    ));
                }
            }
        }
        match (lesson(a), lesson(b)) {
            (Some(la), Some(lb)) if la != lb => {
                out.push(format!("lesson {la} imports another lesson, {lb}: {why}"))
            }
            (Some(la), None) if registry(b) || files[b].module.starts_with(&["lessons".into()]) => {
                out.push(format!(
                    "lesson {la} imports the registry (src/lessons/): {why}"
                ))
            }
            (None, Some(lb)) if !registry(a) => out.push(format!(
                "{} names lesson {lb}, which only the registry (src/lessons/mod.rs) may: {why}",
                name(a)
            )),
            _ => {}
        }
    }
    out
}

/// Every path of the CLI's crate (`src/cli/`, which sees the core as `tatbikat::`) through a
/// lesson's module (`tatbikat::lessons::<id>::…`, directly or through a name a `use` brought in),
/// described: the CLI knows lessons only through the registry. Test code is left out; paths in
/// macro arguments are not read.
fn cli_problems(src: &Path) -> Vec<String> {
    /// The paths written in a file, and those of the `use` items inside its functions.
    #[derive(Default)]
    struct Paths(Vec<Vec<String>>);
    impl<'ast> Visit<'ast> for Paths {
        fn visit_item(&mut self, item: &'ast syn::Item) {
            if !is_test(attrs_of(item)) {
                syn::visit::visit_item(self, item);
            }
        }
        fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
            let mut written = Vec::new();
            use_tree(&u.tree, &mut Vec::new(), &mut written);
            self.0.extend(written.into_iter().map(|(_, p)| p));
        }
        fn visit_path(&mut self, path: &'ast syn::Path) {
            self.0
                .push(path.segments.iter().map(|s| s.ident.to_string()).collect());
            syn::visit::visit_path(self, path);
        }
    }
    let ids = lesson_ids(src);
    let mut paths = Vec::new();
    rust_files(&src.join("cli"), &mut paths);
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let ast = syn::parse_file(&text)
            .unwrap_or_else(|e| panic!("{} does not parse: {e}", path.display()));
        // The file's own `use` items: the name each brings in → its path.
        let mut written = Vec::new();
        for item in &ast.items {
            if let syn::Item::Use(u) = item {
                if !is_test(&u.attrs) {
                    use_tree(&u.tree, &mut Vec::new(), &mut written);
                }
            }
        }
        let aliases: BTreeMap<String, Vec<String>> =
            written.iter().filter(|(n, _)| n != "*").cloned().collect();
        let mut found = Paths::default();
        found.visit_file(&ast);
        for p in found.0 {
            let full = match p.first().and_then(|f| aliases.get(f)) {
                Some(target) if p[0] != "tatbikat" => {
                    let mut full = target.clone();
                    full.extend(p[1..].iter().cloned());
                    full
                }
                _ => p,
            };
            if full.len() >= 3
                && full[0] == "tatbikat"
                && full[1] == "lessons"
                && ids.contains(&full[2])
            {
                out.push(format!(
                    "{} names lesson {} ({}): the CLI knows lessons only through the registry",
                    relative(src, &path),
                    full[2],
                    full.join("::")
                ));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_cli_names_no_lesson() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = cli_problems(&src);
    assert!(found.is_empty(), "{}", found.join("\n"));
    // A probe: the CLI reaching into a lesson, directly and through a `use`, is found.
    let copy = copy_of_src("cli");
    append(
        &copy,
        "cli/main.rs",
        "use tatbikat::lessons as probe_lessons;\nfn probe() { let _ = tatbikat::lessons::jobs::PROBE; let _ = probe_lessons::leader::PROBE; }",
    );
    let found = cli_problems(&copy);
    let _ = std::fs::remove_dir_all(&copy);
    for lesson in ["jobs", "leader"] {
        assert!(
            found
                .iter()
                .any(|p| p.starts_with(&format!("cli/main.rs names lesson {lesson}"))),
            "{lesson}: {found:?}"
        );
    }
}

#[test]
fn no_import_runs_back_up() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = problems(&src);
    assert!(found.is_empty(), "{}", found.join("\n\n"));
}

#[test]
fn imports_keep_the_order_and_lessons_apart() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = rule_problems(&src);
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// ARCHITECTURE.md's code map states the order `ORDER` holds: the sentence and the check agree.
#[test]
fn architecture_states_the_order() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .unwrap();
    let start = doc
        .find("The order, bottom up:")
        .expect("ARCHITECTURE.md states the order");
    let end = start
        + doc[start..]
            .find("the CLI")
            .expect("the order ends with the CLI");
    let stated: Vec<Vec<String>> = doc[start..end]
        .split('→')
        .map(|rank| {
            rank.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect()
        })
        .collect();
    let held: Vec<Vec<String>> = ORDER
        .iter()
        .map(|r| r.iter().map(|m| m.to_string()).collect())
        .collect();
    assert_eq!(
        stated, held,
        "ARCHITECTURE.md's order and tests/layers.rs's ORDER differ"
    );
}

/// A copy of the crate's `src/` in a fresh temporary folder, for a probe to break.
fn copy_of_src(probe: &str) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let copy = std::env::temp_dir().join(format!("tatbikat-{probe}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&copy);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    for f in &files {
        let to = copy.join(f.strip_prefix(&src).unwrap());
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(f, &to).unwrap();
    }
    copy
}

/// Appends `code` to `file` of a probe copy; returns what the file held, to put back.
fn append(copy: &Path, file: &str, code: &str) -> String {
    let path = copy.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, format!("{text}\n{code}\n")).unwrap();
    text
}

/// The check sees what it must: a back-import written in a copy of the crate is found.
#[test]
fn a_back_import_is_found() {
    let copy = copy_of_src("layers");
    // The codec (query.rs) reaching up to the renderers, through a name it imports…
    let query = append(
        &copy,
        "query.rs",
        "use crate::render;\nfn back() { let _ = render::lesson_text; }",
    );
    let found = problems(&copy);
    assert!(
        found
            .iter()
            .any(|p| p.contains("query.rs → render.rs (render")),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .any(|p| p.starts_with("top-level modules") && p.contains("query")),
        "{found:?}"
    );
    // …and a file of a folder reaching its sibling that imports it, through `super::`.
    std::fs::write(copy.join("query.rs"), query).unwrap();
    append(
        &copy,
        "sweep/part.rs",
        "fn back() { let _ = super::options::OPTIONS_BACK; }",
    );
    append(
        &copy,
        "sweep/options.rs",
        "const OPTIONS_BACK: () = ();\nfn forth() { let _ = super::part::extract; }",
    );
    let found = problems(&copy);
    assert!(
        found
            .iter()
            .any(|p| p.contains("sweep/part.rs → sweep/options.rs")
                && p.contains("sweep/options.rs → sweep/part.rs")),
        "{found:?}"
    );
    let _ = std::fs::remove_dir_all(&copy);
}

/// The order and the lessons' isolation are held: in a copy of the crate, a shared layer naming
/// a lesson, a lesson importing another, a lesson reaching the registry and the codec reaching
/// up to the sweep are each found.
#[test]
fn a_rule_breaking_import_is_found() {
    let copy = copy_of_src("rules");
    append(
        &copy,
        "bench.rs",
        "fn probe() { let _ = crate::lessons::compensation::PROBE; }",
    );
    append(
        &copy,
        "lessons/jobs/mod.rs",
        "fn probe() { let _ = crate::lessons::supervisor::PROBE; }",
    );
    append(
        &copy,
        "lessons/quotas/mod.rs",
        "fn probe_registry() { let _ = crate::lessons::get; }",
    );
    append(
        &copy,
        "params/mod.rs",
        "fn probe() { let _ = crate::sweep::PROBE; }",
    );
    let found = rule_problems(&copy);
    let _ = std::fs::remove_dir_all(&copy);
    for expected in [
        "bench.rs names lesson compensation, which only the registry (src/lessons/mod.rs) may: bench.rs → lessons/compensation/mod.rs",
        "lesson jobs imports another lesson, supervisor: lessons/jobs/mod.rs → lessons/supervisor/mod.rs",
        "lesson quotas imports the registry (src/lessons/): lessons/quotas/mod.rs → lessons/mod.rs",
        "params imports sweep, which is above it in the layers' order: params/mod.rs → sweep/mod.rs",
    ] {
        assert!(
            found.iter().any(|p| p.starts_with(expected)),
            "{expected}\nnot among:\n{}",
            found.join("\n")
        );
    }
}
