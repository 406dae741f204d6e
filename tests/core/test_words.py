from game.core.words import says, whom, whose


def test_the_verb_agrees_with_you():
    assert says("Ana", "wins") == "Ana wins" and says("You", "wins") == "You win"
    assert says("You", "goes") == "You go" and says("Bo", "goes") == "Bo goes"
    assert says("You", "pays") == "You pay"
    # the -es verbs lose "es", not just "s" ("You finishe" was the old reading)
    assert says("You", "finishes") == "You finish" and says("You", "passes") == "You pass"
    assert says("You", "has") == "You have" and says("You", "went") == "You went"


def test_the_owner_reads_your_for_you():
    assert whose("Ana") == "Ana's" and whose("You") == "Your"


def test_the_object_reads_you_in_lower_case():
    assert whom("Ana") == "Ana" and whom("You") == "you"


def test_pieces_are_spoken_as_players_read_them():
    # the Cuzzins results read "Back D6 D6" and "+ 5 for C5"; Rummy refusals "set 1 (B2 B3)"
    from game.core.kit.tiles import spoken
    assert spoken(["D6", "D6"]) == "6 Dots ×2" and spoken(["B1", "B2", "B3"]) == "1-2-3 Bamboo"
    assert spoken(["C5"]) == "5 Characters" and spoken(["D7#1", "DR#2"]) == "7 Dots, Red Dragon"
    assert spoken(["WE#1"]) == "East Wind" and spoken([0, 1]) == "1-2 Bamboo"
