//! Every file the CLI reads (`--join`'s part files, `package`'s site files) is read here, with a
//! bound: a regular file only — a FIFO blocks until a writer comes and a device such as
//! `/dev/zero` never ends — of at most the limit its caller names, read through `take` so a file
//! that grows while it is read stops at the limit too. A refusal names the option, the file and
//! the limit; nothing the CLI is given makes it hang or fill the memory.

use std::io::Read;
use std::path::Path;

use tatbikat::Error;

/// The bytes of the regular file `path`, given for `param` (the refusal's parameter; the path is
/// its value), if it holds at most `limit` bytes. `what` names what the file should be ("a part
/// file"), `hint` what to do when it cannot be read (empty, or " (…)").
pub fn read(
    param: &str,
    path: &Path,
    limit: u64,
    what: &str,
    hint: &str,
) -> Result<Vec<u8>, Error> {
    let shown = path.display().to_string();
    let refuse = |why: String| Error::bad(param, &shown, why);
    let unreadable = |e: std::io::Error| refuse(format!("{what} that can be read ({e}){hint}"));
    let irregular = |kind: std::fs::FileType| {
        refuse(format!(
            "{what} that is a regular file; this one is {}",
            not_regular(&kind)
        ))
    };
    let over = |has: String| {
        refuse(format!(
            "{what} of at most {} ({limit} bytes); this one has {has}",
            size(limit)
        ))
    };
    // The type from the path first: opening a FIFO without a writer would block.
    let kind = std::fs::metadata(path).map_err(unreadable)?.file_type();
    if !kind.is_file() {
        return Err(irregular(kind));
    }
    let file = std::fs::File::open(path).map_err(unreadable)?;
    // The opened file's own type and size (the path may have been replaced in between).
    let meta = file.metadata().map_err(unreadable)?;
    if !meta.is_file() {
        return Err(irregular(meta.file_type()));
    }
    if meta.len() > limit {
        return Err(over(format!("{} bytes", meta.len())));
    }
    match capped(file, limit).map_err(unreadable)? {
        Some(bytes) => Ok(bytes),
        None => Err(over(format!("more than {limit} bytes"))),
    }
}

/// Reads `reader` to its end if it holds at most `limit` bytes (`None` otherwise): it never reads
/// more than `limit + 1` bytes, so an endless reader stops too.
pub fn capped(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// A byte count in GiB or MiB when it is a whole number of them (the limits are), else in bytes.
fn size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b => format!("{b} bytes"),
    }
}

/// What a file that is not a regular one is, and what to do instead.
fn not_regular(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (a named pipe), which may never end: save its contents to a file first";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device (as /dev/zero), which may never end: save its contents to a file first";
        }
        if kind.is_socket() {
            return "a socket: save its contents to a file first";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "not a regular file: save its contents to a file first"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_reader_stops_at_the_limit() {
        // std::io::repeat never ends, as /dev/zero or a FIFO whose writer keeps writing.
        assert_eq!(capped(std::io::repeat(0), 1000).unwrap(), None);
        assert_eq!(capped(&[7u8; 1000][..], 1000).unwrap(), Some(vec![7; 1000]));
        assert_eq!(capped(&[7u8; 1001][..], 1000).unwrap(), None);
        assert_eq!(capped(&b""[..], 0).unwrap(), Some(Vec::new()));
    }

    #[test]
    fn limits_read_in_gib_or_mib() {
        assert_eq!(size(1 << 30), "1 GiB");
        assert_eq!(size(16 << 20), "16 MiB");
        assert_eq!(size(1000), "1000 bytes");
    }
}
