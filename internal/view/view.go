// Package view turns the API's values and the domain's into what a person
// reads: the rows of a list, the key/value lines of a record, the sections
// of a card (doctl's displayers). Each view returns an output.Data: the
// JSON as the server sent it, and functions that build the table and CSV
// grids on demand. It knows no format: internal/output renders the Data as
// a table, JSON, YAML, CSV or through --jq.
//
// The promo list is the hot path (100,000 codes): it decodes with
// api.DecodePromos (jsonscan, an arena). Records of unknown shape (sites,
// pages) and the product card are short and use the standard library,
// through internal/records.
package view
