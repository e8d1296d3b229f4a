// Package output stands in for promoctl's internal/output.
package output

// Grid is a table.
type Grid struct {
	Header []string
	Title  string
	Rows   [][]string
}
