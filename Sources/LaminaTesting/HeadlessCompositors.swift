// Real compositors without a display (`HeadlessCompositor`, its screenshots and
// `CompositorError`) live in a module of their own, which examples use without this test
// library; tests reach them through LaminaTesting as before.
@_exported import HeadlessCompositors
