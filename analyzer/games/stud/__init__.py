"""Casino stud with a joker (J-poker), American poker and Caribbean Stud (RULES.md §2)."""
