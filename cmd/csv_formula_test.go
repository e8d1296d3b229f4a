package cmd

import (
	"net/http"
	"testing"
)

// TestCSVOutputCannotRunAFormula: promo list -o csv writes a server's
// text that a spreadsheet would run as a formula with a leading '; the
// negative number stays as it is.
func TestCSVOutputCannotRunAFormula(t *testing.T) {
	r := newRunner(t)
	r.API.Handle("GET /v1/promo", http.StatusOK,
		`[{"id":1,"code":"=HYPERLINK(\"http://x\",\"y\")","bonus_amount":-5},{"id":2,"code":"@SUM(1)","bonus_amount":"+3.5"}]`)
	res := r.Run("promo", "list", "--site-id", "1", "-o", "csv", "--no-headers")
	want := "1,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",,false,0,-5,false,false,,,false,0,,\n" +
		"2,'@SUM(1),,false,0,3.5,false,false,,,false,0,,\n"
	res.Expect(t, 0, want, "")
}
