package report_test

// The report's plots are drawn by cli/plots (gonum), which registers its
// Drawer when imported; importing it here links it into this package's
// test binary, so the tests of package report write real plots.
import _ "github.com/electlab/electlab/cli/plots"
