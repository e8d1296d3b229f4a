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

// card is a record's rows as they are added: each a head and a value.
type card struct {
	heads  []output.Head
	values []string
}

func (c *card) add(hd output.Head, v string) {
	c.heads, c.values = append(c.heads, hd), append(c.values, v)
}

// grid is the card as a KeyValue grid: its keys the heads' English; with
// wrap, a long value is wrapped over lines (whose heads are empty).
func (c *card) grid(wrap bool) output.Grid {
	keys := output.English(c.heads, true)
	var rows [][]string
	var heads []output.Head
	for i, v := range c.values {
		if wrap {
			rows = addWrapped(rows, keys[i], v)
		} else {
			rows = append(rows, []string{keys[i], v})
		}
		heads = append(heads, c.heads[i])
		for len(heads) < len(rows) {
			heads = append(heads, output.Head{})
		}
	}
	return output.Grid{Rows: rows, Heads: heads, KeyValue: true}
}
