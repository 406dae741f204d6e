from game.core.words import says


def test_the_verb_agrees_with_you():
    assert says("Ana", "wins") == "Ana wins" and says("You", "wins") == "You win"
    assert says("You", "goes") == "You go" and says("Bo", "goes") == "Bo goes"
    assert says("You", "pays") == "You pay"
