package cmdtest

var ListArgs = []string{"promo", "list", "--site-id", "7"}

// RefusedURL is an address where nothing listens, so that a connection
// to it is refused at once. A closed httptest server's port would do
// only until another test's server takes it: tests of other packages
// run beside these. Port 1 is never handed out as an ephemeral port.
const RefusedURL = "http://127.0.0.1:1"
