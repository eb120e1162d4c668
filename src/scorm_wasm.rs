//! The page's packager: [`scorm`](crate::scorm) alone, compiled to a WebAssembly module of its own
//! (`www/pkg/scorm/package.wasm`, the package `pages/scorm/`, built with the `scorm` feature) and
//! loaded only when a teacher downloads a package (www/scorm/package.js), so the page builds the
//! CLI's bytes with the CLI's code. Plain exports, no bindings: the page writes its input into a buffer the
//! module gives, calls a function, and reads the answer from [`scorm_out`] / [`scorm_out_len`].

use crate::scorm;
use std::cell::RefCell;

#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

thread_local! {
    /// The last answer (the module is single-threaded; the page reads it before its next call).
    static OUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes for the input, which the next call reads and frees.
#[unsafe(no_mangle)]
pub extern "C" fn scorm_buffer(len: usize) -> *mut u8 {
    Box::leak(vec![0u8; len].into_boxed_slice()).as_mut_ptr()
}

/// Where the last answer is.
#[unsafe(no_mangle)]
pub extern "C" fn scorm_out() -> *const u8 {
    OUT.with(|o| o.borrow().as_ptr())
}

/// How long the last answer is.
#[unsafe(no_mangle)]
pub extern "C" fn scorm_out_len() -> usize {
    OUT.with(|o| o.borrow().len())
}

/// Takes back the buffer `ptr`, `len` that [`scorm_buffer`] gave.
///
/// # Safety
/// `ptr` and `len` are a buffer of `scorm_buffer`'s that nothing has freed.
unsafe fn input(ptr: *mut u8, len: usize) -> Box<[u8]> {
    // SAFETY: the caller passes back a buffer of scorm_buffer's, exactly as it was allocated.
    unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) }
}

/// Sets the answer; 0 for an answer, 1 for an error (its message as the answer).
fn answer(result: Result<Vec<u8>, crate::Error>) -> u32 {
    let (code, bytes) = match result {
        Ok(b) => (0, b),
        Err(e) => (1, e.to_string().into_bytes()),
    };
    OUT.with(|o| *o.borrow_mut() = bytes);
    code
}

/// The files a package needs ([`scorm::files`]): the input is the link's query, a NUL and the
/// site's precache.js; the answer their paths, one a line.
///
/// # Safety
/// `ptr` and `len` are a buffer [`scorm_buffer`] gave and nothing has freed; it is freed here.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn scorm_files(ptr: *mut u8, len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let bytes = unsafe { input(ptr, len) };
    let text = String::from_utf8_lossy(&bytes);
    let (query, precache) = text.split_once('\0').unwrap_or((&text, ""));
    answer(scorm::files(query, precache).map(|f| f.join("\n").into_bytes()))
}

/// The package ([`scorm::build`]): the input is the link's query and a NUL, then each file as
/// its path, a NUL, its length (4 bytes, little-endian) and its bytes; the answer the package's
/// name, a NUL and the zip.
///
/// # Safety
/// `ptr` and `len` are a buffer [`scorm_buffer`] gave and nothing has freed; it is freed here.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn scorm_build(ptr: *mut u8, len: usize) -> u32 {
    // SAFETY: as the caller promises.
    let bytes = unsafe { input(ptr, len) };
    answer(read_files(&bytes).and_then(|(query, files)| {
        let p = scorm::build(&query, &files)?;
        let mut out = p.name.into_bytes();
        out.push(0);
        out.extend_from_slice(&p.bytes);
        Ok(out)
    }))
}

/// The site's files a package is built from: path and bytes.
type Files = Vec<(String, Vec<u8>)>;

/// The query and the files of [`scorm_build`]'s input.
fn read_files(bytes: &[u8]) -> Result<(String, Files), crate::Error> {
    let broken = || crate::Error::usage("the packager's input is damaged");
    let text = |b: &[u8]| String::from_utf8(b.to_vec()).map_err(|_| broken());
    let nul = |b: &[u8]| b.iter().position(|&c| c == 0).ok_or_else(broken);
    let end = nul(bytes)?;
    let query = text(&bytes[..end])?;
    let mut rest = &bytes[end + 1..];
    let mut files = Vec::new();
    while !rest.is_empty() {
        let end = nul(rest)?;
        let path = text(&rest[..end])?;
        let size = rest.get(end + 1..end + 5).ok_or_else(broken)?;
        let size = u32::from_le_bytes(size.try_into().map_err(|_| broken())?) as usize;
        let body = rest.get(end + 5..end + 5 + size).ok_or_else(broken)?;
        files.push((path, body.to_vec()));
        rest = &rest[end + 5 + size..];
    }
    Ok((query, files))
}
