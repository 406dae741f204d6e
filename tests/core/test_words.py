from game.core.words import says


def test_the_verb_agrees_with_you():
    assert says("Ana", "wins") == "Ana wins" and says("You", "wins") == "You win"
    assert says("You", "goes") == "You go" and says("Bo", "goes") == "Bo goes"
    assert says("You", "pays") == "You pay"
    # the -es verbs lose "es", not just "s" ("You finishe" was the old reading)
    assert says("You", "finishes") == "You finish" and says("You", "passes") == "You pass"
    assert says("You", "has") == "You have" and says("You", "went") == "You went"
