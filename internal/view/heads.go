package view

import "github.com/promoctl/promoctl/internal/output"

// Short names of what a table's cells hold (output.Cell).
const (
	text     = output.CellText
	word     = output.CellWord
	amount   = output.CellAmount
	money    = output.CellMoney
	currency = output.CellCurrency
	moment   = output.CellDateTime
	day      = output.CellDay
)

// h is the head of a column or a record's row: its header is the
// catalog's table.<name>, its cells hold c.
func h(name string, c output.Cell) output.Head { return output.Head{ID: "table." + name, Cell: c} }

// columns is a grid of columns with heads: their English headers (the
// tables as the views write them), said in a person's language by
// internal/output.
func columns(heads ...output.Head) output.Grid {
	return output.Grid{Header: output.English(heads, false), Heads: heads}
}
