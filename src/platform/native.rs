//! The desktop: threads, the file system, the system's memory figures and
//! the native file dialogs.

use std::path::PathBuf;

/// Files are named by paths a person may type (the path fields are shown).
pub const TYPED_PATHS: bool = true;

/// Open the desktop app and run it until its window closes. When the
/// default graphics (Vulkan, DirectX 12 or Metal, whichever the machine
/// has) cannot create a device, try OpenGL before giving up; the error
/// names both attempts. `WGPU_BACKEND=gl` (or `vulkan`, `dx12`) chooses one.
pub fn run() -> Result<(), String> {
    use eframe::egui_wgpu::{WgpuConfiguration, WgpuSetup};
    let first = run_with(WgpuConfiguration::default());
    let Err(first_error) = first else { return Ok(()) };
    let WgpuSetup::CreateNew(mut setup) = WgpuConfiguration::default().wgpu_setup else {
        return Err(first_error.to_string());
    };
    if setup.instance_descriptor.backends == eframe::wgpu::Backends::GL {
        return Err(first_error.to_string());
    }
    eprintln!("grundy-lab: {first_error}; trying OpenGL");
    setup.instance_descriptor.backends = eframe::wgpu::Backends::GL;
    let gl = WgpuConfiguration { wgpu_setup: WgpuSetup::CreateNew(setup), ..WgpuConfiguration::default() };
    run_with(gl).map_err(|gl_error| format!("{first_error}; with OpenGL: {gl_error}"))
}

fn run_with(wgpu_options: eframe::egui_wgpu::WgpuConfiguration) -> eframe::Result {
    use crate::ui::{APP_ID, GrundyLabApp, icon};
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Grundy Lab")
            .with_app_id(APP_ID)
            .with_inner_size([1280.0, 800.0])
            .with_maximized(true)
            .with_min_inner_size([720.0, 480.0])
            .with_icon(std::sync::Arc::new(icon::icon_data())),
        // The event loop stays for a second attempt (winit makes one per
        // program).
        run_and_return: true,
        wgpu_options,
        ..Default::default()
    };
    eframe::run_native(APP_ID, options, Box::new(|cc| Ok(Box::new(GrundyLabApp::new(cc)))))
}

/// Where a subcommand prints (see `windows.rs`; elsewhere the program
/// always has its terminal).
pub fn attach_console() {
    #[cfg(windows)]
    super::windows::attach_console();
}

/// The folder of the settings file.
pub fn settings_dir(app_id: &str) -> Option<PathBuf> {
    eframe::storage_dir(app_id)
}

/// What a file dialog answered.
#[derive(Debug)]
pub enum DialogAnswer {
    /// A file, or `None` when the person cancelled (or no dialog could open).
    Now(Option<PathBuf>),
    /// The answer comes in a later frame through the [`PendingPick`] (only
    /// in the browser).
    Later,
}

/// Where a dialog that answers later puts its file (never used on the
/// desktop, whose dialogs answer at once).
#[derive(Debug, Default)]
pub struct PendingPick;

impl PendingPick {
    /// The file that arrived since the last call.
    pub fn take(&self) -> Option<PathBuf> {
        None
    }
}

/// "Open": the native dialog with one filter.
pub fn open_dialog(filter: (&str, &[&str]), _pending: &PendingPick, _ctx: &egui::Context) -> DialogAnswer {
    DialogAnswer::Now(rfd::FileDialog::new().add_filter(filter.0, filter.1).pick_file())
}

/// "Save as", proposing `file_name`.
pub fn save_dialog(filter: (&str, &[&str]), file_name: &str) -> DialogAnswer {
    DialogAnswer::Now(rfd::FileDialog::new().add_filter(filter.0, filter.1).set_file_name(file_name).save_file())
}

/// What the page tells its smoke test (only in the browser; `state` is
/// never asked for here).
pub fn publish_state(_state: impl FnOnce() -> Vec<(&'static str, String)>) {}
