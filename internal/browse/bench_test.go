package browse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
)

// benchCodes is a site of n codes of a generated campaign: statuses,
// ends and uses spread as a real site's are.
func benchCodes(n int) []code {
	codes := make([]code, n)
	for i := range codes {
		c := code{id: int64(100000 + i), code: fmt.Sprintf("XM%08X", uint32(i)*2654435761), enabled: i%7 != 0, uses: i % 13}
		if i%3 != 0 {
			c.ends = fmt.Sprintf("2026-%02d-%02dT20:59:59.000Z", 1+i%12, 1+i%28)
		}
		codes[i] = c
	}
	return codes
}

// BenchmarkOpen is the view's start once the list has arrived: the
// compact rows built from the list's elements, and the first screen.
func BenchmarkOpen(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			e := &elements{}
			for _, c := range benchCodes(n) {
				e.items = append(e.items, c.json())
			}
			b.ReportAllocs()
			for b.Loop() {
				e.next = 0
				m := New(Config{Site: 7}, rowsOf(b, nil))
				rows, err := readFrom(e)
				if err != nil {
					b.Fatal(err)
				}
				m.setRows(rows)
				m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
				_ = m.View()
			}
		})
	}
}

// BenchmarkKey is the answer to one key at full size: Update and the
// View that follows, for a filter key, a sort (each order made afresh, as
// on its first use) and a page down.
func BenchmarkKey(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		m := New(Config{Site: 7}, rowsOf(b, benchCodes(n)))
		m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
		for _, c := range []struct {
			name string
			key  []tea.KeyMsg // the key; then what undoes it, untimed
		}{
			{"filter", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'a'}}, {Type: tea.KeyBackspace}}},
			{"sort", []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'s'}}}},
			{"pgdown", []tea.KeyMsg{{Type: tea.KeyPgDown}, {Type: tea.KeyHome}}},
		} {
			b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
				if c.name == "filter" {
					m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'/', 'x', 'm'}})
					defer m.Update(tea.KeyMsg{Type: tea.KeyEsc})
				}
				b.ReportAllocs()
				for b.Loop() {
					// Each order is made on first use: measure that, not
					// the cached one.
					m.orders = [sortModes][]int32{}
					m.Update(c.key[0])
					_ = m.View()
					if len(c.key) > 1 {
						b.StopTimer()
						m.Update(c.key[1])
						b.StartTimer()
					}
				}
			})
		}
	}
}

// BenchmarkBubblesTable is what bubbles' table would cost for the same
// keys: its rows are strings, so a filter key builds the rows shown anew
// and hands them to SetRows (which renders the rows around the cursor);
// a page down is MoveDown and View. It is here to compare, not used.
func BenchmarkBubblesTable(b *testing.B) {
	for _, n := range []int{10000, 100000} {
		r := rowsOf(b, benchCodes(n))
		cols := make([]table.Column, r.ncol)
		for c := range cols {
			cols[c] = table.Column{Title: r.header[c], Width: r.width[c]}
		}
		t := table.New(table.WithColumns(cols), table.WithHeight(36), table.WithFocused(true))
		all := func(query string) []table.Row {
			var out []table.Row
			for i := range r.Len() {
				if strings.Contains(string(r.code(i)), query) {
					row := make(table.Row, r.ncol)
					for c := range row {
						row[c] = string(r.cell(i, c))
					}
					out = append(out, row)
				}
			}
			return out
		}
		b.Run(fmt.Sprintf("open/%d", n), func(b *testing.B) {
			for b.Loop() {
				t.SetRows(all(""))
				_ = t.View()
			}
		})
		b.Run(fmt.Sprintf("filter/%d", n), func(b *testing.B) {
			for b.Loop() {
				t.SetRows(all("xma"))
				_ = t.View()
			}
		})
		t.SetRows(all(""))
		b.Run(fmt.Sprintf("pgdown/%d", n), func(b *testing.B) {
			for b.Loop() {
				t.MoveDown(36)
				_ = t.View()
			}
		})
	}
}
