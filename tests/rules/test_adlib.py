from cubecam.grid_format import parse_grid
from cubecam.rules.adlib import facing_differences, score_round

FIGURE_1 = "...P\n.W.O\nVALE\n.R.M\n...SEA\n.....N"


def test_figure_one_allowed_pattern_scores_every_word(en):
    result = score_round({"Ann": parse_grid(FIGURE_1), "Bo": parse_grid(FIGURE_1)}, en)
    words = sorted(w.word for w in result.tallies["Ann"].words)
    assert words == ["AN", "POEMS", "SEA", "VALE", "WAR"]
    assert result.tallies["Ann"].violations == []
    assert result.differences == [] and result.winner is None


def test_figure_one_second_group_is_a_violation(en):
    not_this = "...P..\n.W.O..\nVALE..\n.R.M..\n......\n....SEA\n......N"
    tally = score_round({"A": parse_grid(not_this), "B": parse_grid(FIGURE_1)}, en).tallies["A"]
    assert tally.violations and "only one grouping" in tally.violations[0]


def test_different_facings_are_reported():
    first = parse_grid("CAT\nunused: E [JOKER]")
    second = parse_grid("CAT\nunused: O E")
    assert facing_differences(first, second, ("Ann", "Bo")) == [
        "Ann has a wildcard that Bo does not",
        "Bo has O that Ann does not",
    ]


def test_round_winner_and_render(en):
    result = score_round({"Ann": parse_grid("CAT\nunused: O"), "Bo": parse_grid("COAT")}, en)
    assert result.winner == "Bo"
    assert result.differences == []
    assert "both players used the same letters" in result.render()
