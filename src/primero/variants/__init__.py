"""The built-in variants, each a plug-in registered the way a third party would register one."""
