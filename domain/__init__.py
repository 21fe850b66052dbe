"""Pure domain of Annals: kernel, boards, dice maths, commitments and the rulesets.

Nothing under this package performs I/O, reads a clock, draws randomness or imports a framework.
"""
