"""The plug-in machinery: the one module that drives pluggy, the checks of every hook
answer, the checked rules façade and the registry of variants."""
