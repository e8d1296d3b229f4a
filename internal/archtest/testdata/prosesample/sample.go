// Package sample is made for TestProseDetector: prose through each kind of
// sink, and what is not prose or not at a sink.
package sample

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/charmbracelet/huh"
	"github.com/olekukonko/tablewriter"

	"example.com/sample/internal/output"
	"example.com/sample/internal/prompt"
)

const sentence = "a constant sentence"

const notProse = "bonus_amount"

type warner struct{}

func (warner) Warn(string)             {}
func (warner) Notef(string, ...any)    {}
func usagef(string, ...any) error      { return nil }
func fieldErrorf(string, ...any) error { return nil }

func PrintList(empty string) {}

func promoHeader() []string { return []string{"CODE", "ID", "code"} }

func all(w io.Writer, wr warner, t *tablewriter.Table) []error {
	errs := []error{
		fmt.Errorf("unknown column %q", "x"),
		errors.New("the row names neither an id nor a code"),
		fieldErrorf("%s: want a whole number", "quantity_limit"),
		usagef("need --code: give it"),
		fmt.Errorf("%s: %w", "promo 1001", errors.New("cancelled")),
		errors.New(notProse),
	}
	fmt.Fprintln(os.Stderr, "press Ctrl-C to stop")
	fmt.Printf("listening on %s\n", "127.0.0.1")
	io.WriteString(w, "this cannot be undone")
	w.Write([]byte("done at last"))
	wr.Warn(fmt.Sprintf("no --amount given"))
	wr.Notef("%d codes", 3)
	fmt.Fprintf(w, "%-6s %s\n", "https://api.lpmotor.ru/v1", "application/json")
	huh.NewConfirm().Title("Delete promo code?").Description("It is gone for good").Affirmative("Yes please").Negative("пока нет")
	huh.NewInput().Placeholder("type a code")
	huh.NewOption("Discount on goods", 2)
	prompt.Confirm("Are you sure")
	t.Header("ORDER TOTAL", "ID")
	_ = output.Grid{Header: []string{"STATUS", "id", "code"}, Title: "Totals per currency", Rows: [][]string{{"Valid now:", "yes"}}}
	PrintList("No promo codes.")
	fmt.Println(sentence)
	// Not at a sink: prose that is never written.
	_ = "a sentence nobody reads"
	_ = fmt.Sprintf("built but %s", "kept")
	return errs
}
