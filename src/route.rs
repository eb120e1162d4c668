//! The page's router: [`query::home`] alone, compiled to a WebAssembly module of its own
//! (`www/pkg/route/home.wasm`, the package `pages/route/`, built with the `route` feature), so a
//! visit asks the core which lesson's module a link is for before it loads one, and the page
//! carries no copy of the rule. Plain exports, no bindings: the page writes the link's UTF-8 bytes into a buffer the
//! module gives and reads back the lesson's index in the site's order (`lessons::all_ids`: the
//! registry's lessons, then the script lessons the page names with [`route_know`]).

use crate::lessons;
use crate::query;

/// The allocator of the page's modules (src/wasm.rs): smaller than Rust's default here too.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// A buffer of `len` bytes for the link, which [`route_home`] reads and frees.
#[unsafe(no_mangle)]
pub extern "C" fn route_buffer(len: usize) -> *mut u8 {
    Box::leak(vec![0u8; len].into_boxed_slice()).as_mut_ptr()
}

/// Names the site's script lessons (the ids in the buffer at `ptr`, `len` bytes, comma-separated,
/// in the page's order after the registry's), so a link of one is routed to it; frees the buffer.
///
/// # Safety
/// As [`route_home`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn route_know(ptr: *mut u8, len: usize) {
    // SAFETY: the caller passes back a buffer of route_buffer's, exactly as it was allocated.
    let bytes = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
    let ids = std::str::from_utf8(&bytes).unwrap_or_default();
    lessons::know(&ids.split(',').filter(|i| !i.is_empty()).collect::<Vec<_>>());
}

/// The index in `lessons::all_ids()` of the lesson whose module answers the link (a page query) in the
/// buffer at `ptr`, `len` bytes long.
///
/// # Safety
/// `ptr` and `len` are a buffer [`route_buffer`] gave and nothing has freed; it is freed here.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn route_home(ptr: *mut u8, len: usize) -> usize {
    // SAFETY: the caller passes back a buffer of route_buffer's, exactly as it was allocated.
    let bytes = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) };
    // The page writes the link with TextEncoder, which always gives UTF-8.
    let home = query::home(std::str::from_utf8(&bytes).unwrap_or_default());
    lessons::all_ids()
        .iter()
        .position(|&id| id == home)
        .unwrap_or(0)
}
