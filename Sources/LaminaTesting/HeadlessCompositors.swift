// Real compositors without a display (`HeadlessCompositor`, its screenshots and
// `CompositorError`) and the devices that drive them (`VirtualPointer`, `VirtualKeyboard`)
// live in a module of their own, which examples use without this test library; tests reach
// them through LaminaTesting as before.
@_exported import HeadlessCompositors
