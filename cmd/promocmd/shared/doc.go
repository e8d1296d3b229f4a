// Package shared is what the verbs of promo share, as cli/cli's
// pkg/cmd/<noun>/shared is for a noun's verbs: the one selection of
// promo codes that a verb on several codes takes (Selection: its flags,
// help and parse, Pick over a site's list, --job read in the job's world;
// the jobs folder it reads, JobsFolder), the list's filters
// and sort (PromoFilter), a promo code named on the command line
// (PromoRef, ParsePromoRef, PromoClient; ReadAgain after a question), the one rule of an
// input that names its site (SiteOver), the command lines, dry-run and
// questions promo's verbs say (CommandLine, HintLine, PrintDryRun,
// DeleteQuestion), the field flags of create, update and generate
// (FieldFlags), the warnings of a create (PastEndWarning,
// DefaultAmountWarning) and promo's completions. A verb's own flags, runs
// and words stay with the verb; only what two verbs or more use is here.
package shared
